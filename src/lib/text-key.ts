// A sentence meant for a person, named by its key in the page catalogues (src/web/locales/*.json)
// rather than written out (docs/development.md "Page languages"): services and handlers say WHICH message, the page
// layer says it in the school's language. Keys are written as textKey(<a literal key>, …) so the
// catalogue test (src/web/locales/catalogues.test.ts) finds every one of them in the source.
export type TextKey = { key: string; vars?: Record<string, string | number> };

export function textKey(key: string, vars?: Record<string, string | number>): TextKey {
  return vars ? { key, vars } : { key };
}

/** An error whose words for a person are a catalogue key; `message` keeps the key for the log. */
export class KeyedError extends Error {
  readonly text: TextKey;
  constructor(text: TextKey) {
    super(text.key);
    this.text = text;
  }
}
