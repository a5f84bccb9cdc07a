/**
 * The write lifecycle is listed once (WRITE_STAGES) and described in docs/write-lifecycle.md: the
 * document's table names the same stages in the same order, and each stage runs for the kinds of
 * write the table gives it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { WRITE_STAGES } from '../../../../server/data/write-lifecycle.ts';

const doc = readFileSync(new URL('../../../../docs/write-lifecycle.md', import.meta.url), 'utf8');

/** The table's rows: `| # | stage | write | delete | hook |`. */
const rows = doc
  .split('\n')
  .filter((line) => /^\| \d+ \|/.test(line))
  .map((line) => line.split('|').map((cell) => cell.trim()))
  .map(([, n, stage, write, remove]) => ({ n: Number(n), stage, write: write !== '', delete: remove !== '' }));

describe('write lifecycle', () => {
  it('runs the stages docs/write-lifecycle.md lists, in its order', () => {
    assert.deepEqual(
      WRITE_STAGES.map((stage) => stage.name),
      rows.map((row) => row.stage),
    );
    assert.deepEqual(
      rows.map((row) => row.n),
      rows.map((_, i) => i + 1),
    );
  });

  it('runs each stage for the writes and deletes the document gives it', () => {
    for (const [i, stage] of WRITE_STAGES.entries()) {
      assert.equal(stage.write !== undefined, rows[i].write, `${stage.name} for writes`);
      assert.equal(stage.delete !== undefined, rows[i].delete, `${stage.name} for deletes`);
    }
  });
});
