import type { PartnerChanges } from '../../ports/partner-store.js';

// The partner profile's update expressions, and the access version that keeps each key's copy of
// the partner's access in step (see partner-store.ts).

/** Holds while nothing changed the profile's access or keys since it was read at `version`. */
export const versionHolds = (version: number) => ({
  condition: version === 0 ? 'attribute_not_exists(#av)' : '#av = :av',
  names: { '#av': 'accessVersion' },
  values: version === 0 ? {} : { ':av': version },
});

export const definedOnly = (changes: PartnerChanges): PartnerChanges =>
  Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));

/** The profile update for `changes`; with `version`, it also bumps the access version it checks. */
export function partnerUpdate(
  changes: PartnerChanges,
  updatedAt: string,
  guard?: { secretsFrom: string | null },
  version?: number,
) {
  const fields = Object.entries({ ...changes, updatedAt }).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = { '#p': 'partner' };
  const values: Record<string, unknown> = {};
  const sets = fields.map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#p.#f${i} = :v${i}`;
  });
  let condition = 'attribute_exists(pk)';
  if (guard) {
    names['#s'] = 'webhookSecrets';
    if (guard.secretsFrom === null) condition += ' AND (attribute_not_exists(#p.#s[0]))';
    else {
      values[':s'] = guard.secretsFrom;
      condition += ' AND #p.#s[0].secret = :s';
    }
  }
  let add = '';
  if (version !== undefined) {
    const holds = versionHolds(version);
    Object.assign(names, holds.names);
    Object.assign(values, holds.values, { ':one': 1 });
    condition += ` AND ${holds.condition}`;
    add = ' ADD #av :one';
  }
  return {
    UpdateExpression: `SET ${sets.join(', ')}${add}`,
    ConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}
