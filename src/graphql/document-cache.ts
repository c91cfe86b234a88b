// Parsing and validating the same query text again on every request was a quarter of a GraphQL
// request's CPU (bench/FINDINGS.md "GraphQL document cache"); clients send a handful of distinct documents. graphql-js
// documents are immutable, so one parsed document and its verdict under the specified rules can
// serve every request with that text. The depth and cost rules depend on the variables and still
// run per request, unless the document holds no variable at all: then nothing of the request can
// change their verdict either, and the whole verdict is kept with the document.
//
// /auth.md "Request bounds" ("oversized documents are refused before they are fully parsed"): a text over
// MAX_QUERY_BYTES is refused unread, and graphql-js stops lexing at MAX_TOKENS tokens (its
// `maxTokens` parse option). The request's own rules (limits.ts) run BEFORE graphql-js's rules,
// some of which are quadratic in the document (OverlappingFieldsCanBeMerged), so a document over
// a limit is refused in linear time; a distinct hostile text per request gains nothing from the cache.
import { LRUCache } from 'lru-cache';
import {
  BREAK,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  visit,
  type DocumentNode,
  type GraphQLSchema,
  type Source,
  type ValidationRule,
} from 'graphql';
import { MAX_QUERY_BYTES, MAX_TOKENS } from '../lib/graphql-bounds.ts';

/** Distinct documents remembered; longer texts are parsed per request (they are rare and costly to keep). */
const MAX_DOCUMENTS = 500;
const MAX_CACHED_QUERY_LENGTH = 20_000;
export { MAX_QUERY_BYTES, MAX_TOKENS } from '../lib/graphql-bounds.ts';

function parseError(message: string, limit: string, max: number): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'GRAPHQL_PARSE_FAILED', limit, max } });
}

/** graphql-js's parse within the size and token budgets; every refusal is a GraphQLError. */
function parseBounded(query: string | Source): DocumentNode {
  const text = typeof query === 'string' ? query : query.body;
  // Measured without encoding: a UTF-16 unit is at most 3 UTF-8 bytes, so only texts near the cap need a count.
  if (text.length * 3 > MAX_QUERY_BYTES && Buffer.byteLength(text, 'utf8') > MAX_QUERY_BYTES) {
    throw parseError(
      `The query text is larger than ${MAX_QUERY_BYTES} bytes; it was not read.`,
      'bytes',
      MAX_QUERY_BYTES,
    );
  }
  try {
    return parse(query, { maxTokens: MAX_TOKENS });
  } catch (error) {
    // graphql-js 16: "Syntax Error: Document contains more that N tokens. Parsing aborted." (sic;
    // document-cache.test.ts pins it)
    if (error instanceof GraphQLError && /Document contains more th(?:at|an) \d+ tokens/.test(error.message)) {
      throw parseError(`The query has more than ${MAX_TOKENS} tokens; parsing stopped there.`, 'tokens', MAX_TOKENS);
    }
    throw error;
  }
}

function holdsVariable(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Variable: () => {
      found = true;
      return BREAK;
    },
  });
  return found;
}

/** The rules of one request, made from its variables (limits.ts, nul-input.ts). */
export type RequestRules = (variables: Readonly<Record<string, unknown>> | null | undefined) => ValidationRule[];

export function createDocumentCache(requestRules: RequestRules = () => []) {
  const documents = new LRUCache<string, DocumentNode>({ max: MAX_DOCUMENTS });
  const specifiedVerdicts = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  // Verdicts of every rule for documents without variables; only rules made by `requestRules` count
  // as this cache's own, so a caller passing rules of its own always has them run.
  const variableFree = new WeakMap<DocumentNode, boolean>();
  const wholeVerdicts = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  const ownRules = new WeakSet<ValidationRule>();
  const isVariableFree = (document: DocumentNode): boolean => {
    let free = variableFree.get(document);
    if (free === undefined) {
      free = !holdsVariable(document);
      variableFree.set(document, free);
    }
    return free;
  };

  const validateUncached = (
    schema: GraphQLSchema,
    document: DocumentNode,
    others: readonly ValidationRule[],
  ): readonly GraphQLError[] => {
    const refused = others.length ? validate(schema, document, others) : [];
    if (refused.length) return refused;
    let verdict = specifiedVerdicts.get(document);
    if (!verdict) {
      verdict = validate(schema, document, specifiedRules);
      specifiedVerdicts.set(document, verdict);
    }
    return verdict;
  };

  return {
    /** graphql-http's `parse`: a syntax error or a budget exceeded throws a GraphQLError. */
    parse: (query: string | Source): DocumentNode => {
      if (typeof query !== 'string' || query.length > MAX_CACHED_QUERY_LENGTH) return parseBounded(query);
      let document = documents.get(query);
      if (!document) {
        document = parseBounded(query);
        documents.set(query, document);
      }
      return document;
    },
    /** graphql-http's `validationRules`: the specified rules and this request's own. */
    validationRules: (
      variables: Readonly<Record<string, unknown>> | null | undefined,
      specified: readonly ValidationRule[],
    ): ValidationRule[] => {
      const own = requestRules(variables);
      for (const rule of own) ownRules.add(rule);
      return [...specified, ...own];
    },
    /**
     * graphql-http's `validate`: the request's own rules first, every time, and the specified rules
     * once per document; a document without variables is judged once by all of them.
     */
    validate: (
      schema: GraphQLSchema,
      document: DocumentNode,
      rules: readonly ValidationRule[] = specifiedRules,
    ): readonly GraphQLError[] => {
      const others = rules.filter((rule) => !specifiedRules.includes(rule));
      if (!others.every((rule) => ownRules.has(rule)) || !isVariableFree(document))
        return validateUncached(schema, document, others);
      let verdict = wholeVerdicts.get(document);
      if (!verdict) {
        verdict = validateUncached(schema, document, others);
        wholeVerdicts.set(document, verdict);
      }
      return verdict;
    },
  };
}
