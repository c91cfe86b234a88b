// What the resolvers of a type receive as parent when it differs from the SDL type; codegen.ts
// `mappers` names these so that the generated resolver signatures use them.
import type { AccountViewer } from '../services/account.ts';

/**
 * Parent of the Viewer field resolvers: the person and their roles at the token's school. The
 * viewer's lists are resolved by their own field resolvers (resolvers/Viewer/*), each with its
 * page arguments, so Query.viewer returns only the person and no list is loaded unasked.
 */
export type ViewerParent = AccountViewer;
