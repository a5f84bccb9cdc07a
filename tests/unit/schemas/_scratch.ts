import { readFileSync } from 'node:fs';
import { createAjv, compileValidator } from '../../../engine/validation.ts';
import { bundleSchema } from '../../../engine/bundle.ts';
const defs = JSON.parse(readFileSync('schemas/common/defs.json', 'utf8'));
const ajv = createAjv();
const [entity, data] = [process.argv[2], JSON.parse(process.argv[3])];
const v = compileValidator(ajv, bundleSchema(JSON.parse(readFileSync(`schemas/${entity}.json`, 'utf8')), defs));
console.log(JSON.stringify(v(data)));
