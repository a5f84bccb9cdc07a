/** The rules of the schemas of schemas/auth/: one fixture per entity in ./auth/. */
import { describeModuleRules } from './harness.ts';

await describeModuleRules('auth');
