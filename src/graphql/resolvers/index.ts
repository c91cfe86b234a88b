// Every hand-written resolver, by type and field as the SDL names them. Fields without one here
// use graphql-js's default (the parent's property of the same name): the services already return
// objects shaped like the SDL types. schema.ts refuses a name the SDL lacks.
import type { Resolvers } from '../../../generated/graphql/types.ts';
import { cancelEventRegistration } from './Mutation/cancelEventRegistration.ts';
import { recordLectureProgress } from './Mutation/recordLectureProgress.ts';
import { registerForEvent } from './Mutation/registerForEvent.ts';
import { totalCount } from './Connection/totalCount.ts';
import { hasNextPage, hasPreviousPage } from './PageInfo/pageInfo.ts';
import { viewer } from './Query/viewer.ts';
import { enrolledCourses } from './Viewer/enrolledCourses.ts';
import { eventRegistrations } from './Viewer/eventRegistrations.ts';
import { orders } from './Viewer/orders.ts';

export const resolvers = {
  Query: { viewer },
  Viewer: { enrolledCourses, orders, eventRegistrations },
  EnrolledCourseConnection: { totalCount },
  OrderConnection: { totalCount },
  EventRegistrationConnection: { totalCount },
  PageInfo: { hasPreviousPage, hasNextPage },
  Mutation: { recordLectureProgress, registerForEvent, cancelEventRegistration },
} satisfies Resolvers;
