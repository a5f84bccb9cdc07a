/**
 * Files: upload and download throughput (MB/s) of the real server over loopback, and its memory,
 * with files of 1, 10 and 100 MiB, for a plain file (storage/global_files) and an encrypted one
 * (storage/files, x-sensitive "file"). The server's resident memory is sampled every 20 ms during
 * each transfer; the target is that its peak does not grow with the file: the 100 MiB transfers'
 * peak stays within 64 MiB of the 1 MiB ones'. Bytes are generated as they are sent and counted as
 * they arrive, so the bench itself holds no file in memory.
 *
 * Alone: `npm run bench -- --files-only`.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, startDform, stop } from './procs.ts';

const MiB = 1024 * 1024;
const SIZES = [1, 10, 100];
const GROWTH_LIMIT_MIB = 64;

function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Runs `work` while sampling the process's RSS; answers the work's result and the peak seen. */
async function sampled<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  try {
    const result = await work();
    peak = Math.max(peak, rssMiB(pid));
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

/** PUTs `size` bytes (a PDF header, then filler) generated chunk by chunk; answers the seconds taken. */
function upload(url: string, headers: Record<string, string>, size: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const started = process.hrtime.bigint();
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/pdf', 'x-file-name': 'bench.pdf', 'content-length': size },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(Number(process.hrtime.bigint() - started) / 1e9)
            : reject(new Error(`upload answered ${res.statusCode}: ${body}`)),
        );
      },
    );
    req.on('error', reject);
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    chunk.write('%PDF-1.4\n');
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

/** GETs the file, counting its bytes; answers the seconds taken. */
function download(url: string, headers: Record<string, string>, size: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, { headers }, (res) => {
        let got = 0;
        res.on('data', (d: Buffer) => (got += d.length));
        res.on('end', () =>
          res.statusCode === 200 && got === size
            ? resolve(Number(process.hrtime.bigint() - started) / 1e9)
            : reject(new Error(`download answered ${res.statusCode} with ${got} of ${size} bytes`)),
        );
      })
      .on('error', reject);
  });
}

export async function measureFiles(log: (msg: string) => void): Promise<{ lines: string[]; pass: boolean }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dform-bench-files-'));
  const p = await startDform(dataDir);
  try {
    const root = await (await fetch(`${p.url}/auth/api/resolve_org?hostname=localhost`)).json();
    const org = root.organization_id as string;
    const login = await (
      await fetch(`${p.url}/auth/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'organization-id': org },
        body: JSON.stringify({ userid: ADMIN.email, key: ADMIN.password }),
      })
    ).json();
    const headers = { 'organization-id': org, auth_token: login.token as string };
    const create = async (type: string, body: object) => {
      const r = await fetch(`${p.url}/storage/api/data/${type}/`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (r.status !== 201) throw new Error(`bench files: create ${type}: ${r.status} ${await r.text()}`);
      return (await r.json()).key as string;
    };
    const kinds = [
      {
        label: 'plain (storage/global_files)',
        type: 'global_files',
        field: 'content',
        body: { filename: 'bench.pdf' },
      },
      {
        label: 'encrypted (storage/files)',
        type: 'files',
        field: 'content',
        body: { filename: 'bench.pdf', owner_id: login.session.user.key },
      },
    ];
    const rows: string[] = [];
    const peaks: Record<string, Record<number, number>> = {};
    const idle = rssMiB(p.pid);
    // One 10 MiB round trip of each kind first: the first requests' code loading and buffers are
    // not the file's doing.
    for (const k of kinds) {
      const url = `${p.url}/storage/api/files/${k.type}/${await create(k.type, k.body)}/${k.field}`;
      await upload(url, headers, 10 * MiB);
      await download(url, headers, 10 * MiB);
    }
    const warm = rssMiB(p.pid);
    for (const k of kinds) {
      peaks[k.label] = {};
      for (const mib of SIZES) {
        const key = await create(k.type, k.body);
        const url = `${p.url}/storage/api/files/${k.type}/${key}/${k.field}`;
        const size = mib * MiB;
        log(`files: ${k.label} ${mib} MiB`);
        const up = await sampled(p.pid, () => upload(url, headers, size));
        const down = await sampled(p.pid, () => download(url, headers, size));
        const peak = Math.max(up.peak, down.peak);
        peaks[k.label][mib] = peak;
        rows.push(
          `| ${k.label} | ${mib} MiB | ${(mib / up.result).toFixed(0)} | ${(mib / down.result).toFixed(0)} | ${up.peak.toFixed(0)} | ${down.peak.toFixed(0)} |`,
        );
      }
    }
    const growth = Math.max(...kinds.map((k) => peaks[k.label][100] - peaks[k.label][1]));
    const pass = growth <= GROWTH_LIMIT_MIB;
    return {
      pass,
      lines: [
        '## Files',
        '',
        `One server over loopback (DATA_DIR on ${os.tmpdir()}), one transfer at a time; its RSS sampled every 20 ms (idle after start: ${idle.toFixed(0)} MiB; after one 10 MiB round trip of each kind, before the runs below: ${warm.toFixed(0)} MiB).`,
        '',
        '| file | size | upload MB/s | download MB/s | peak RSS uploading (MiB) | peak RSS downloading (MiB) |',
        '|---|---|---|---|---|---|',
        ...rows,
        '',
        `Peak RSS growth from 1 MiB to 100 MiB files: ${growth.toFixed(0)} MiB, target ≤ ${GROWTH_LIMIT_MIB} MiB (memory does not grow with the file): ${pass ? 'PASS' : 'FAIL'}.`,
      ],
    };
  } finally {
    await stop(p);
    await rm(dataDir, { recursive: true, force: true });
  }
}
