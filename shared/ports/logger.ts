/** Structured log lines: ids, routes and outcomes as attributes, never patient data. */
export interface Logger {
  info(message: string, ...attributes: Record<string, unknown>[]): void;
  warn(message: string, ...attributes: Record<string, unknown>[]): void;
  error(message: string, ...attributes: Record<string, unknown>[]): void;
}
