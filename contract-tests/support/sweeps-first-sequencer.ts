// The order files start in. vitest's own orders projects by name, so the whole-spec sweeps (dredd
// and the schema fuzzer, each a project of its own and the longest files of a run) would start
// only once every contract file had, and run on alone at the end while cores idle. Started first,
// they run beside the rest: the longest jobs first, as a schedule on few cores wants.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The whole-spec sweeps: dredd (every documented response) and the schema fuzzer (generated input). */
export const SWEEP_FILES = ['contract-tests/dredd/dredd.test.ts', 'contract-tests/fuzz/openapi-fuzz.test.ts'];

/** The project of a sweep's own (vitest.config.ts gives each a server of its own). */
export const sweepProjectName = (file: string) => `contract-${path.basename(file, '.test.ts')}`;

const SWEEP_PROJECTS = SWEEP_FILES.map(sweepProjectName);
const sweepFirst = (spec: TestSpecification) => (SWEEP_PROJECTS.includes(spec.project.name) ? 0 : 1);

export class SweepsFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Stable: within a group and outside the sweeps, vitest's order stands.
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort(
        (a, b) =>
          a.spec.project.config.sequence.groupOrder - b.spec.project.config.sequence.groupOrder ||
          sweepFirst(a.spec) - sweepFirst(b.spec) ||
          a.index - b.index,
      )
      .map(({ spec }) => spec);
  }
}
