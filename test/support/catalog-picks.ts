import { getJson } from './http.js';

interface Entry {
  id: string;
  priceCents: number;
  minorEligible?: boolean;
  unavailableStates?: string[];
  testIds?: string[];
}

/** Real ids from the running service's catalogue, chosen by property rather than hard-coded. */
export async function catalogPicks() {
  const res = await getJson<{ tests: Entry[]; panels: Entry[] }>('/api/tests');
  const { tests, panels } = res.body;
  const everywhere = tests.filter((t) => (t.unavailableStates ?? []).length === 0);
  const forMinors = everywhere.filter((t) => t.minorEligible);
  const adultOnly = tests.find((t) => t.minorEligible === false) as Entry;
  const limited = tests.find((t) => (t.unavailableStates ?? []).length > 0) as Entry;
  return {
    tests,
    panels,
    a: forMinors[0] as Entry,
    b: forMinors[1] as Entry,
    c: forMinors[2] as Entry,
    adultOnly,
    limited,
    panel: panels[0] as Entry,
  };
}
