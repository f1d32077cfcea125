import type { Holiday } from "./types";

/** Korean public holidays of 2025, substitute and temporary holidays included. */
export const HOLIDAYS_2025: Holiday[] = [
  { date: "2025-01-01", name: "신정" },
  { date: "2025-01-27", name: "임시공휴일" },
  { date: "2025-01-28", name: "설날 연휴" },
  { date: "2025-01-29", name: "설날" },
  { date: "2025-01-30", name: "설날 연휴" },
  { date: "2025-03-01", name: "삼일절" },
  { date: "2025-03-03", name: "대체공휴일 (삼일절)" },
  { date: "2025-05-01", name: "근로자의 날 (은행 휴무)" },
  { date: "2025-05-05", name: "어린이날 · 부처님오신날" },
  { date: "2025-05-06", name: "대체공휴일 (어린이날 · 부처님오신날)" },
  { date: "2025-06-03", name: "제21대 대통령 선거일" },
  { date: "2025-06-06", name: "현충일" },
  { date: "2025-08-15", name: "광복절" },
  { date: "2025-10-03", name: "개천절" },
  { date: "2025-10-05", name: "추석 연휴" },
  { date: "2025-10-06", name: "추석" },
  { date: "2025-10-07", name: "추석 연휴" },
  { date: "2025-10-08", name: "대체공휴일 (추석)" },
  { date: "2025-10-09", name: "한글날" },
  { date: "2025-12-25", name: "성탄절" },
];
