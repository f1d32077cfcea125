/**
 * The 7 leading digits of a Korean resident number: YYMMDD plus the digit for century and sex
 * (1/2: 1900s, 3/4: 2000s, 5–8 the same for foreigners, 9/0: 1800s; odd male, even female).
 * Neutral and client-safe: the identity input schema and the sandbox identity provider share it.
 */
export type ResidentFacts = { birthDate: string; gender: "MALE" | "FEMALE"; isForeigner: boolean; digit: string };

const CENTURY: Record<string, number> = {
  "1": 1900,
  "2": 1900,
  "3": 2000,
  "4": 2000,
  "5": 1900,
  "6": 1900,
  "7": 2000,
  "8": 2000,
  "9": 1800,
  "0": 1800,
};

export function readResidentNumber(value: string): ResidentFacts | null {
  if (!/^\d{7}$/.test(value)) return null;
  const digit = value[6]!;
  const year = CENTURY[digit]! + Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (date.getTime() > Date.now()) return null;
  return {
    birthDate: `${String(year).padStart(4, "0")}-${value.slice(2, 4)}-${value.slice(4, 6)}`,
    gender: Number(digit) % 2 === 1 ? "MALE" : "FEMALE",
    isForeigner: ["5", "6", "7", "8"].includes(digit),
    digit,
  };
}
