// selection.ts: whether a query selects a field below the one being resolved, which decides whether
// a page of enrolled courses counts progress (no work a query did not ask for: bench/FINDINGS.md "Progress counts only when selected"). Each case
// is a shape GraphQL allows for reaching a field (October 2021 spec, 2.4 Selection Sets, 2.7 Field
// Alias, 2.8 Fragments, 2.8.2 Inline Fragments); a wrong "no" would drop a field the member asked for.
import { describe, expect, it } from 'vitest';
import { Kind, parse, type FieldNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { selectsPath } from './selection.ts';

/** The info graphql-js and graphql-jit give the resolver of `viewer.enrolledCourses` in `query`. */
function infoOf(query: string) {
  const document = parse(query);
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  )!;
  const viewer = operation.selectionSet.selections[0] as FieldNode;
  const fieldNodes = viewer.selectionSet!.selections.filter(
    (selection): selection is FieldNode => selection.kind === Kind.FIELD && selection.name.value === 'enrolledCourses',
  );
  return { fieldNodes, fragments };
}

const progressSelected = (query: string) =>
  selectsPath(infoOf(query), ['nodes', 'progress']) || selectsPath(infoOf(query), ['edges', 'node', 'progress']);

describe('selectsPath (whether a page of enrolled courses must count progress)', () => {
  it.each([
    ['nodes directly (2.4)', '{ viewer { enrolledCourses { nodes { slug progress { percentComplete } } } } }'],
    ['edges, node (Relay 3.2)', '{ viewer { enrolledCourses { edges { node { progress { totalLectures } } } } } }'],
    [
      'under an alias of the field, and of progress (2.7)',
      '{ viewer { enrolledCourses { n: nodes { p: progress { percentComplete } } } } }',
    ],
    [
      'through an inline fragment (2.8.2)',
      '{ viewer { enrolledCourses { nodes { ... on EnrolledCourse { progress { percentComplete } } } } } }',
    ],
    [
      'through a fragment spread (2.8)',
      '{ viewer { enrolledCourses { nodes { ...C } } } } fragment C on EnrolledCourse { progress { percentComplete } }',
    ],
    [
      'through nested spreads, around the connection too',
      '{ viewer { enrolledCourses { ...Page } } } fragment Page on EnrolledCourseConnection { edges { node { ...C } } } fragment C on EnrolledCourse { ...P } fragment P on EnrolledCourse { progress { completedLectures } }',
    ],
    [
      'in a second node of the same field (merged selections, 5.3.2)',
      '{ viewer { enrolledCourses { nodes { slug } } enrolledCourses { nodes { progress { percentComplete } } } } }',
    ],
    [
      'under @skip or @include, which are not evaluated: the work is done',
      '{ viewer { enrolledCourses { nodes { progress @skip(if: true) { percentComplete } } } } }',
    ],
  ])('finds progress selected %s', (_shape, query) => {
    expect(progressSelected(query)).toBe(true);
  });

  it.each([
    [
      'the bench viewer query',
      '{ viewer { id email enrolledCourses(first: 10) { nodes { slug expireDate hasLifetimeAccess lastWatchedLecture { lectureId positionSeconds } } } } }',
    ],
    ['only totalCount and pageInfo', '{ viewer { enrolledCourses { totalCount pageInfo { hasNextPage } } } }'],
    ['an alias named progress over another field', '{ viewer { enrolledCourses { nodes { progress: slug } } } }'],
    [
      'a fragment that is defined but not spread',
      '{ viewer { enrolledCourses { nodes { slug } } } } fragment C on EnrolledCourse { progress { percentComplete } }',
    ],
    [
      'progress at the wrong depth (edges without node)',
      '{ viewer { enrolledCourses { edges { cursor } nodes { slug } } } }',
    ],
  ])('finds progress not selected in %s', (_shape, query) => {
    expect(progressSelected(query)).toBe(false);
  });

  it('ends on a cycle of fragments, which only an unvalidated document can hold', () => {
    const query =
      '{ viewer { enrolledCourses { nodes { ...A } } } } fragment A on EnrolledCourse { ...B } fragment B on EnrolledCourse { ...A }';
    expect(progressSelected(query)).toBe(false);
  });
});
