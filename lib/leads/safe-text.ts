/*
 * Visitors' text on its way to staff tools. Whatever a form accepted is data, never an instruction:
 * not to a spreadsheet (formulas, OWASP "CSV injection") nor to a terminal (escape sequences that
 * recolour, retitle, move the cursor or hide text), nor to the eye (bidi overrides that show
 * characters in another order than they are stored).
 */

// ESC sequences whole, so that no "[31m" is left behind: CSI, OSC/DCS/SOS/PM/APC strings up to
// their terminator (or the end), then any other ESC with its intermediate and final bytes. The
// same for the 8-bit C1 introducers.
const escapeSequence = new RegExp(
  [
    '\\u001b\\[[0-?]*[ -/]*[@-~]?',
    '\\u001b[\\]PX^_][^\\u0007\\u001b\\u009c]*(?:\\u0007|\\u001b\\\\|\\u009c)?',
    '\\u001b[ -/]*[0-~]?',
    '\\u009b[0-?]*[ -/]*[@-~]?',
    '[\\u0090\\u0098\\u009d\\u009e\\u009f][^\\u0007\\u001b\\u009c]*(?:\\u0007|\\u001b\\\\|\\u009c)?',
  ].join('|'),
  'g',
);
/** Embeddings, overrides, isolates and the marks: U+202A–202E, U+2066–2069, U+200E/200F, U+061C. */
const bidiControl = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;
const lineBreak = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/g;
/** C0 (tab and line breaks included), DEL and C1. */
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/g;

function withoutSequences(text: string): string {
  return text.replace(escapeSequence, '').replace(bidiControl, '');
}

/** One line for a terminal: sequences and controls gone, line breaks and tabs turned into spaces. */
export function terminalText(text: string): string {
  return withoutSequences(text).replace(lineBreak, ' ').replace(/\t/g, ' ').replace(controlCharacter, '');
}

/** Multi-line text for a file staff open: sequences and controls gone, line breaks kept as \n. */
function fileText(text: string): string {
  return withoutSequences(text)
    .replace(lineBreak, '\n')
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g, '');
}

/**
 * A cell a spreadsheet shows as the text it is. A leading = + - @ (or their full-width forms,
 * which some spreadsheets fold to ASCII), tab or CR, even after spaces, starts a formula: a `'`
 * before it keeps the cell text (OWASP CSV injection). Quoted when it holds a separator (`,` or
 * the `;` of Belgian spreadsheets), a quote, a line break or edge spaces.
 */
export function csvCell(value: string | number | undefined): string {
  if (value === undefined) return '';
  let text = fileText(String(value));
  if (/^[\s]*[=+\-@\uff1d\uff0b\uff0d\uff20]/.test(text) || /^[\t\r]/.test(text)) text = `'${text}`;
  return /[",;\n\r\t]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
