// Keys of the catalog table (reference data, no patient data), all in one partition:
//   catalog / meta        the seeded version
//   catalog / item#<id>   one test or panel

export const catalogKeys = {
  partition: 'catalog',
  meta: { pk: 'catalog', sk: 'meta' },
  item: (id: string) => ({ pk: 'catalog', sk: `item#${id}` }),
};
