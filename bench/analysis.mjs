// Bytes read and time taken by the rush analysis of a ≥ 1 GiB MP4 whose index (moov) is at the end.
// What ffprobe reads is counted at ffprobe itself: the activity runs it under `strace`, and the bench
// adds up what its read/recvfrom/recvmsg calls returned on TCP sockets (HTTP headers included).
// An HTTP-aware proxy between ffprobe and MinIO lists the requests (Range asked, status, bytes the
// proxy wrote to ffprobe's socket): those written bytes include what the kernel had buffered when
// ffprobe closed a connection (a `Range: bytes=0-` GET streams the rest of the file), an upper bound
// only. The presigned URL names the proxy, which forwards the Host header unchanged (the signature
// covers it). The time is taken without proxy nor strace, straight against MinIO.
// Run with tsx (it imports the activity's TypeScript). Usage: npm run bench:analysis (stack env from
// .data/scratch/env.sh or `npm start`'s defaults).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  CreateMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  DeleteObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createAnalyzeRushesActivities } from '../activities/analyze-rushes.ts';
import { BUCKETS, createS3Client } from '../clients/storage.ts';
import { loadAverage } from './lib/kit.mjs';

const endpoint = new URL(process.env.S3_ENDPOINT ?? 'http://127.0.0.1:9100');
const credentials = {
  region: process.env.S3_REGION ?? 'us-east-1',
  accessKeyId: process.env.S3_ACCESS_KEY_ID ?? 'rushflow',
  secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? 'rushflow-secret',
};
const ONE_GIB = 1024 ** 3;

function ffmpeg(...args) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-analysis-'));
  const key = `bench/analysis-${Date.now()}.mp4`;
  const direct = createS3Client({ ...credentials, endpoint: endpoint.toString() });
  // The HTTP-aware proxy: one line per request ffprobe made.
  const requests = [];
  const proxy = http.createServer((request, response) => {
    const entry = {
      method: request.method,
      range: request.headers.range ?? '(none)',
      status: 0,
      contentRange: '',
      written: 0,
    };
    requests.push(entry);
    const upstream = http.request(
      {
        host: endpoint.hostname,
        port: endpoint.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        entry.status = answer.statusCode;
        entry.contentRange = answer.headers['content-range'] ?? '';
        response.writeHead(answer.statusCode, answer.headers);
        answer.on('data', (chunk) => {
          // Written to ffprobe's socket; paused while that socket's buffer is full.
          entry.written += chunk.length;
          if (!response.write(chunk)) {
            answer.pause();
            response.once('drain', () => answer.resume());
          }
        });
        answer.on('end', () => response.end());
      },
    );
    upstream.on('error', () => response.destroy());
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  try {
    // A 1080p clip with a high bitrate, then repeated by stream copy until past 1 GiB; no
    // faststart, so the moov atom (the index) is written at the end, as cameras do.
    const clip = path.join(dir, 'clip.mp4');
    const big = path.join(dir, 'rush.mp4');
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=duration=20:size=1920x1080:rate=25', '-c:v', 'mpeg4', '-q:v', '1', clip);
    const loops = Math.ceil((1.05 * ONE_GIB) / fs.statSync(clip).size);
    ffmpeg('-stream_loop', String(loops - 1), '-i', clip, '-c', 'copy', big);
    fs.rmSync(clip);
    const size = fs.statSync(big).size;
    const moovAt = execFileSync('sh', ['-c', `grep -obUaP 'moov' ${big} | tail -1 | cut -d: -f1`])
      .toString()
      .trim();

    // Upload it (multipart, 100 MiB parts).
    const { UploadId } = await direct.send(new CreateMultipartUploadCommand({ Bucket: BUCKETS.briefs, Key: key }));
    const parts = [];
    const handle = fs.openSync(big, 'r');
    for (let offset = 0, part = 1; offset < size; offset += 100 * 1024 * 1024, part += 1) {
      const length = Math.min(100 * 1024 * 1024, size - offset);
      const buffer = Buffer.alloc(length);
      fs.readSync(handle, buffer, 0, length, offset);
      const { ETag } = await direct.send(
        new UploadPartCommand({ Bucket: BUCKETS.briefs, Key: key, UploadId, PartNumber: part, Body: buffer }),
      );
      parts.push({ ETag, PartNumber: part });
    }
    fs.closeSync(handle);
    await direct.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKETS.briefs,
        Key: key,
        UploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
    fs.rmSync(big);

    await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyPort = proxy.address().port;
    const toAnalyse = [{ fileId: 'bench', name: 'rush.mp4', size, bucket: BUCKETS.briefs, key, kind: 'video' }];

    // 1. Through the proxy, ffprobe under strace: the bytes it read.
    const trace = path.join(dir, 'ffprobe.trace');
    const wrapper = path.join(dir, 'ffprobe-traced.sh');
    fs.writeFileSync(
      wrapper,
      `#!/bin/sh\nexec strace -f -qq -yy -e trace=read,readv,recvfrom,recvmsg -e signal=none -o '${trace}' ffprobe "$@"\n`,
      { mode: 0o755 },
    );
    const throughProxy = createS3Client({ ...credentials, endpoint: `http://127.0.0.1:${proxyPort}` });
    const traced = createAnalyzeRushesActivities({ s3: throughProxy, ffprobePath: wrapper });
    const [tracedResult] = await new MockActivityEnvironment().run(traced.measureRushDurations, toAnalyse, 30);
    let socketBytes = 0;
    let socketReads = 0;
    // `pid call(fd<TCP:[…]>, …) = n`; a call another thread interrupted ends on a `resumed` line.
    const pendingOnSocket = new Set();
    for (const line of fs.readFileSync(trace, 'utf8').split('\n')) {
      const pid = line.split(' ', 1)[0];
      if (line.includes('<unfinished ...>')) {
        if (line.includes('<TCP:[')) pendingOnSocket.add(pid);
        continue;
      }
      const resumed = line.includes(' resumed>');
      if (resumed && !pendingOnSocket.delete(pid)) continue;
      const match = /\) += (\d+)$/.exec(line);
      if (match && (resumed || line.includes('<TCP:['))) {
        socketBytes += Number(match[1]);
        socketReads += 1;
      }
    }

    // 2. Straight to MinIO, no strace: the time, 3 runs.
    const { measureRushDurations } = createAnalyzeRushesActivities({ s3: direct });
    const times = [];
    let measured;
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      [measured] = await new MockActivityEnvironment().run(measureRushDurations, toAnalyse, 30);
      times.push((performance.now() - started) / 1000);
    }
    const seconds = [...times].sort((a, b) => a - b)[1];

    const share = (socketBytes / size) * 100;
    const written = requests.reduce((sum, entry) => sum + entry.written, 0);
    console.log(
      `file: ${(size / ONE_GIB).toFixed(3)} GiB (${size} bytes), moov atom at byte ${moovAt} (${((Number(moovAt) / size) * 100).toFixed(2)} %)`,
    );
    console.log(`duration found: ${measured.durationSeconds} s (under strace: ${tracedResult.durationSeconds} s)`);
    console.log(`ffprobe's HTTP requests (through the proxy):`);
    for (const entry of requests)
      console.log(
        `  ${entry.method} Range ${entry.range} → ${entry.status} ${entry.contentRange}; ${entry.written} bytes written to ffprobe's socket`,
      );
    console.log(
      `bytes ffprobe read from its sockets (strace, HTTP headers included): ${socketBytes} in ${socketReads} reads = ${share.toFixed(4)} % of the file`,
    );
    console.log(
      `bytes the proxy wrote to ffprobe's sockets (upper bound, includes kernel buffers): ${written} (${((written / size) * 100).toFixed(4)} %)`,
    );
    console.log(
      `analysis time (activity, straight to MinIO): ${times.map((time) => time.toFixed(3)).join(' s, ')} s; median ${seconds.toFixed(3)} s`,
    );
    console.log(`load average: ${loadAverage()} on ${os.cpus().length} cores`);
    console.log(`goal (< 0.1 % and < 1 s): ${share < 0.1 && seconds < 1 && socketBytes > 0 ? 'met' : 'NOT met'}`);
  } finally {
    proxy.close();
    await direct.send(new DeleteObjectCommand({ Bucket: BUCKETS.briefs, Key: key })).catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
