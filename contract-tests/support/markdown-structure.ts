// The structure of a Markdown document as marked's lexer (GFM) sees it: every block and inline
// token except literal text, with headings' depth, links' destinations and tables' shape. Two
// renderings of a document whose school-written text differs must have the same structure
// (school data cannot rewrite documents).
import { Lexer, type Token, type Tokens } from 'marked';

export type Shape = string[];

function walk(tokens: Token[] | undefined, out: Shape, depth: number): void {
  for (const token of tokens ?? []) {
    const pad = ' '.repeat(depth);
    switch (token.type) {
      case 'text':
      case 'escape':
        // Literal text: its content may differ, not what it is made of.
        if ('tokens' in token && token.tokens) walk(token.tokens, out, depth);
        break;
      case 'heading':
        out.push(`${pad}heading ${(token as Tokens.Heading).depth}`);
        walk(token.tokens, out, depth + 1);
        break;
      case 'link':
        out.push(`${pad}link ${(token as Tokens.Link).href}`);
        walk(token.tokens, out, depth + 1);
        break;
      case 'list':
        out.push(
          `${pad}list ${(token as Tokens.List).ordered ? 'ordered' : 'bullet'} ${(token as Tokens.List).items.length}`,
        );
        for (const item of (token as Tokens.List).items) walk([item], out, depth + 1);
        break;
      case 'table': {
        const table = token as Tokens.Table;
        out.push(
          `${pad}table ${table.header.length}x${table.rows.length} ${table.rows.map((r) => r.length).join(',')}`,
        );
        for (const cell of [...table.header, ...table.rows.flat()]) walk(cell.tokens, out, depth + 1);
        break;
      }
      case 'space':
        break;
      default:
        out.push(`${pad}${token.type}`);
        if ('tokens' in token) walk(token.tokens, out, depth + 1);
    }
  }
}

/** The document's structure, one line per token that is not literal text. */
export function markdownShape(markdown: string): Shape {
  const out: Shape = [];
  walk(new Lexer({ gfm: true }).lex(markdown), out, 0);
  return out;
}
