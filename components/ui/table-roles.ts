/**
 * Explicit table roles for a table restyled as blocks on a phone (globals.css `.stack-sm`): a
 * table whose CSS display is changed loses its table semantics in Chromium and Safari unless its
 * elements carry their roles explicitly. Spread onto the elements: `<tr {...TABLE_ROLES.row}>`.
 */
export const TABLE_ROLES = {
  table: { role: "table" },
  rowgroup: { role: "rowgroup" },
  row: { role: "row" },
  columnheader: { role: "columnheader" },
  rowheader: { role: "rowheader" },
  cell: { role: "cell" },
} as const;
