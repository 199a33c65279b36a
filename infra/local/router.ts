import type { Route } from '../../shared/manifest/index.js';

export interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  params: string[];
}

export function compileRoutes(routes: readonly Route[]): CompiledRoute[] {
  return routes.map((route) => {
    const params: string[] = [];
    const source = route.path
      .split('/')
      .map((seg) => {
        const m = /^\{(\w+)\+?\}$/.exec(seg);
        if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        params.push(m[1] as string);
        return '([^/]+)';
      })
      .join('/');
    return { route, pattern: new RegExp(`^${source}/?$`), params };
  });
}

export type Match =
  | { kind: 'found'; route: Route; pathParameters: Record<string, string> }
  | { kind: 'method_not_allowed'; allowed: string[]; routes: Route[] }
  | { kind: 'not_found' };

export function matchRoute(compiled: CompiledRoute[], method: string, pathname: string): Match {
  const candidates = compiled.filter((c) => c.pattern.test(pathname));
  if (candidates.length === 0) return { kind: 'not_found' };
  // Literal paths beat parameterised ones, as in API Gateway.
  candidates.sort((a, b) => a.params.length - b.params.length);
  const hit = candidates.find((c) => c.route.method === method);
  if (!hit)
    return {
      kind: 'method_not_allowed',
      allowed: [...new Set(candidates.map((c) => c.route.method))],
      routes: candidates.map((c) => c.route),
    };
  const values = hit.pattern.exec(pathname)?.slice(1) ?? [];
  const pathParameters: Record<string, string> = {};
  hit.params.forEach((name, i) => {
    try {
      pathParameters[name] = decodeURIComponent(values[i] as string);
    } catch {
      pathParameters[name] = values[i] as string;
    }
  });
  return { kind: 'found', route: hit.route, pathParameters };
}
