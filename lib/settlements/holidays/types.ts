/** One day banks do not pay out in Korea: a public holiday or a substitute for one. */
export type Holiday = { date: string; name: string };
