/** Reading back the CSV files Offprint writes, strictly, so a quoting mistake fails the test. */

/**
 * A strict RFC 4180 reader (CRLF rows; quoted cells may hold commas, doubled quotes and line breaks;
 * nothing may follow a closing quote but a comma or the row's end), for the feedback CSV downloads.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"' && cell === '') {
      // A quoted cell ends at a quote not doubled; a doubled quote is one quote of the content.
      let j = i + 1;
      for (; ; j++) {
        if (j >= text.length) throw new Error('unterminated quote');
        if (text[j] !== '"') cell += text[j];
        else if (text[j + 1] === '"') cell += text[j++];
        else break;
      }
      i = j + 1;
      if (i < text.length && text[i] !== ',' && text[i] !== '\r') throw new Error(`text after a closing quote at ${i}`);
    } else if (c === ',') {
      row.push(cell);
      cell = '';
      i++;
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i += 2;
    } else {
      if (c === '"' || c === '\n' || c === '\r') throw new Error(`bare ${JSON.stringify(c)} at ${i}`);
      cell += c;
      i++;
    }
  }
  if (cell !== '' || row.length > 0) throw new Error('last row does not end with CRLF');
  return rows;
}
