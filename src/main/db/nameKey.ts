/**
 * The form a name is compared in: names that differ only in case, in any script, or in how their accents
 * are encoded are the same name ("Äpfel" and "äpfel", "Straße" and "STRASSE"). SQLite's NOCASE folds
 * ASCII letters only, so each table whose names are unique keeps this key beside the name (migration 010)
 * and its unique index is on the key.
 */
export function nameKey(name: string): string {
  // Upper then lower folds the letters whose lower case alone would not meet (ß → SS → ss).
  return name.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC')
}
