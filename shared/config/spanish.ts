// The Spanish words the compact catalogue shows with locale=es, beside the catalogue's own
// Spanish names and descriptions. A category not listed here is shown in English.

export const FEE_LABEL_ES = 'Tarifa de extracción en laboratorio y orden médica';

export const CATEGORY_ES: Readonly<Record<string, string>> = {
  Allergy: 'Alergias',
  Autoimmune: 'Autoinmunidad',
  'Blood Count': 'Hemograma',
  Diabetes: 'Diabetes',
  'General Health': 'Salud general',
  'Heart Health': 'Salud cardíaca',
  Hormones: 'Hormonas',
  'Immunity & Infection': 'Inmunidad e infecciones',
  Inflammation: 'Inflamación',
  Kidney: 'Riñón',
  Liver: 'Hígado',
  Metabolic: 'Metabolismo',
  Nutrition: 'Nutrición',
  'Sexual Health': 'Salud sexual',
  Thyroid: 'Tiroides',
};
