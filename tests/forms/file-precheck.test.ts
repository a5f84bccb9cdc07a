/**
 * The file field's own check before an upload (forms/files/useFileController.ts precheck): a file
 * one byte over the limit must not read as the limit itself.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { precheck, type FileRules } from '../../forms/files/useFileController.ts';

const rules: FileRules = { field: 'file', accept: ['application/pdf'], maxBytes: 25 * 1024 * 1024 };

describe('precheck', () => {
  it('says by how much a file is over the limit, even by one byte', () => {
    const over = new File([new Uint8Array(rules.maxBytes + 1)], 'big.pdf', { type: 'application/pdf' });
    const message = precheck(over, rules);
    assert.ok(message, 'refused');
    assert.doesNotMatch(message, /This file is 25\.0 MB; files here may have at most 25\.0 MB/);
    assert.match(message, /26,214,401 bytes.*26,214,400 bytes|1 byte over/);
  });

  it('takes a file at the limit', () => {
    const at = new File([new Uint8Array(rules.maxBytes)], 'big.pdf', { type: 'application/pdf' });
    assert.equal(precheck(at, rules), undefined);
  });
});
