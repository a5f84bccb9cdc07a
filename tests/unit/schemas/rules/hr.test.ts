/** The rules of the schemas of schemas/hr/: one fixture per entity in ./hr/. */
import { describeModuleRules } from './harness.ts';

await describeModuleRules('hr');
