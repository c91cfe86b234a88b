// What the resolvers of a type receive as parent when it differs from the SDL type; codegen.ts
// `mappers` names these so that the generated resolver signatures use them.
import type {
  AccountViewer,
  EnrolledCourse,
  EventRegistration,
  LazyConnection,
  ListedEnrolledCourse,
  LazyPageInfo,
  Order,
} from '../services/people/own-data.ts';

/**
 * Parent of the Viewer field resolvers: the person and their roles at the token's school. The
 * viewer's lists are resolved by their own field resolvers (resolvers/Viewer/*), each with its
 * page arguments, so Query.viewer returns only the person and no list is loaded unasked.
 */
export type ViewerParent = AccountViewer;

/**
 * Parent of EnrolledCourse: a page of Viewer.enrolledCourses reads progress only when its query
 * selects it (resolvers/Viewer/enrolledCourses.ts); every other path returns a whole EnrolledCourse.
 * progress keeps graphql-js's default resolver (a field resolver of its own would be priced as a
 * read by limits.ts): were it ever missing where selected, the non-null field would fail the
 * request as an internal error rather than answer a wrong figure.
 */
export type EnrolledCourseParent = ListedEnrolledCourse | EnrolledCourse;

/**
 * Parents of the connection types: a page whose total is counted by the totalCount resolver
 * (resolvers/Connection/totalCount.ts), so a query that does not select it costs no COUNT.
 */
export type EnrolledCourseConnectionParent = LazyConnection<ListedEnrolledCourse>;
export type OrderConnectionParent = LazyConnection<Order>;
export type EventRegistrationConnectionParent = LazyConnection<EventRegistration>;

/**
 * Parent of PageInfo: whether items lie beyond the page may take a statement (Relay Cursor
 * Connections 4.2, past a cursor), so its resolvers ask only when a query selects it.
 */
export type PageInfoParent = LazyPageInfo;
