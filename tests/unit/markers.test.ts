import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CommentView } from '../../domain/review';
import { framesToTimecode } from '../../domain/timecode';
import { exportMarkers, markerCommentsOf, type MarkerComment, type MarkerVersion } from '../../api/review/markers';
import { avidMarkers } from '../../api/review/markers/avid';
import { commentsCsv } from '../../api/review/markers/csv';
import { finalCutXml } from '../../api/review/markers/fcpxml';
import { premiereXml } from '../../api/review/markers/premiere';
import { EDL_MAX_EVENTS, resolveEdls } from '../../api/review/markers/resolve';
import { cleanText, fileSlug, oneLine, xmlText } from '../../api/review/markers/text';

/**
 * Marker exports: golden files (one per format) for a 29.97 DF version starting at 01:00:00;00,
 * with point and range comments, two on one frame, accents, `&`, `<`, quotes, `|`, a tab, a
 * newline, a control character, a formula-looking text, a reply and a resolved comment; the
 * 999-marker split of the Resolve EDL; and the Premiere and Resolve files read back by
 * OpenTimelineIO's own readers (tests/unit/otio/read_markers.py).
 *
 * `UPDATE_GOLDEN=1 npx jest --selectProjects unit tests/unit/markers.test.ts` rewrites the golden
 * files after an intended change; review their diff.
 */

const DF30 = { num: 30000, den: 1001 };
const GOLDEN = path.join(__dirname, 'golden', 'markers');

const version: MarkerVersion = {
  projectTitle: 'Film d’été & co',
  number: 2,
  frameRate: DF30,
  startFrame: 107_892,
  frameCount: 5_400,
  width: 1920,
  height: 1080,
};

const at = (minute: number) => `2025-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

const comments: MarkerComment[] = [
  {
    id: 'c2',
    authorName: 'Paul Durand',
    body: 'Couleur | saturation\ttrop forte\nà corriger',
    frameIn: 120,
    frameOut: 239,
    status: 'open',
    createdAt: at(5),
    replies: [{ authorName: 'Léa Monteuse', body: 'C’est noté, je corrige.' }],
  },
  {
    id: 'c1',
    authorName: 'Élise Martin',
    body: 'Le logo <arrive> trop tôt & "trop" gros, l\'été',
    frameIn: 48,
    frameOut: null,
    status: 'open',
    createdAt: at(0),
  },
  {
    id: 'c3',
    authorName: 'Élise Martin',
    body: 'Coupe trop sèche ici',
    frameIn: 1800,
    frameOut: null,
    status: 'resolved',
    createdAt: at(10),
  },
  {
    id: 'c4',
    authorName: 'Paul Durand',
    body: 'Même plan : recadrer à gauche',
    frameIn: 48,
    frameOut: 71,
    status: 'open',
    createdAt: at(12),
  },
  {
    id: 'c5',
    authorName: 'Élise Martin',
    body: '=SOMME(A1) bip\u0007 fin\r\nsuite',
    frameIn: 5399,
    frameOut: null,
    status: 'open',
    createdAt: at(20),
  },
];

const GOLDEN_FILES = [
  ['premiere.xml', () => premiereXml(version, comments)],
  ['resolve.edl', () => resolveEdls(version, comments)[0]],
  ['fcpxml.fcpxml', () => finalCutXml(version, comments)],
  ['avid.txt', () => avidMarkers(version, comments)],
  ['comments.csv', () => commentsCsv(version, comments)],
] as const;

describe('marker exports: golden files', () => {
  it.each(GOLDEN_FILES)('%s', (name, render) => {
    const file = path.join(GOLDEN, name);
    const output = render();
    if (process.env.UPDATE_GOLDEN === '1') fs.writeFileSync(file, output);
    expect(output).toBe(fs.readFileSync(file, 'utf8'));
  });
});

describe('marker exports: formats', () => {
  it('Premiere: NTSC 30 DF sequence from 01:00:00;00, in/out relative to it, -1 for a point', () => {
    const xml = premiereXml(version, comments);
    expect(xml).toContain('<xmeml version="4">');
    expect(xml).toContain('<timebase>30</timebase>');
    expect(xml).toContain('<ntsc>TRUE</ntsc>');
    expect(xml).toContain('<string>01:00:00;00</string>');
    expect(xml).toContain('<frame>107892</frame>');
    expect(xml).toContain('<displayformat>DF</displayformat>');
    expect(xml).toMatch(/<in>48<\/in>\s*<out>-1<\/out>/);
    expect(xml).toMatch(/<in>48<\/in>\s*<out>72<\/out>/);
    expect(xml).toMatch(/<in>120<\/in>\s*<out>240<\/out>/);
    expect(xml).toContain('&lt;arrive&gt; trop tôt &amp; &quot;trop&quot; gros, l&apos;été');
    expect(xml).not.toContain('\u0007');
  });

  it('Premiere: 23.976 is timebase 24 NTSC, NDF; 25 is not NTSC', () => {
    const at23976 = premiereXml({ ...version, frameRate: { num: 24000, den: 1001 }, startFrame: 86_400 }, []);
    expect(at23976).toContain('<timebase>24</timebase>');
    expect(at23976).toContain('<ntsc>TRUE</ntsc>');
    expect(at23976).toContain('<displayformat>NDF</displayformat>');
    expect(at23976).toContain('<string>01:00:00:00</string>');
    const at25 = premiereXml({ ...version, frameRate: { num: 25, den: 1 }, startFrame: 90_000 }, []);
    expect(at25).toContain('<timebase>25</timebase>');
    expect(at25).toContain('<ntsc>FALSE</ntsc>');
  });

  it('Resolve: one one-frame event per frame, comments on one frame merged, `|` replaced', () => {
    const [edl] = resolveEdls(version, comments);
    const lines = edl.split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['TITLE: Film d’été & co v2', 'FCM: DROP FRAME']);
    const events = lines.filter((line) => /^\d{3} /.test(line));
    expect(events).toEqual([
      '001  001      V     C        01:00:01;18 01:00:01;19 01:00:01;18 01:00:01;19',
      '002  001      V     C        01:00:04;00 01:00:04;01 01:00:04;00 01:00:04;01',
      '003  001      V     C        01:01:00;02 01:01:00;03 01:01:00;02 01:01:00;03',
      '004  001      V     C        01:03:00;05 01:03:00;06 01:03:00;05 01:03:00;06',
    ]);
    const markers = lines.filter((line) => line.startsWith(' |C:'));
    expect(markers[0]).toBe(
      ' |C:ResolveColorBlue |M:Élise Martin : Le logo <arrive> trop tôt & "trop" gros, l\'été — Paul Durand : Même plan : recadrer à gauche |D:24',
    );
    expect(markers[1]).toBe(
      ' |C:ResolveColorBlue |M:Paul Durand : Couleur / saturation trop forte à corriger ↳ Léa Monteuse : C’est noté, je corrige. |D:120',
    );
    expect(markers[2]).toBe(' |C:ResolveColorGreen |M:Élise Martin : Coupe trop sèche ici |D:1');
    expect(markers[3]).toBe(' |C:ResolveColorBlue |M:Élise Martin : =SOMME(A1) bip fin suite |D:1');
    expect(resolveEdls({ ...version, frameRate: { num: 25, den: 1 }, startFrame: 90_000 }, [])[0]).toContain(
      'FCM: NON-DROP FRAME',
    );
  });

  it('FCPXML: 1001/30000s frames, a gap spanning the version, to-do markers in rational seconds', () => {
    const xml = finalCutXml(version, comments);
    expect(xml).toContain('<fcpxml version="1.10">');
    expect(xml).toContain('frameDuration="1001/30000s"');
    expect(xml).toContain('tcStart="107999892/30000s" tcFormat="DF"');
    expect(xml).toContain('offset="107999892/30000s" start="107999892/30000s" duration="5405400/30000s"');
    // frame 48 from 01:00:00;00 = (107892 + 48) × 1001 / 30000 s; a point lasts one frame.
    expect(xml).toContain('<marker start="108047940/30000s" duration="1001/30000s"');
    expect(xml).toContain('<marker start="108120012/30000s" duration="120120/30000s"');
    expect(xml).toMatch(/Coupe trop sèche ici" completed="1"\/>/);
    expect(xml.match(/completed="0"/g)).toHaveLength(4);
    expect(xml).not.toContain('\t');
  });

  it('Avid: user, timecode, V1, colour, text, duration; tab-separated, CRLF, one marker per frame', () => {
    const lines = avidMarkers(version, comments).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).map((line) => line.split('\t'))).toEqual([
      [
        'Élise Martin, Paul Durand',
        '01:00:01;18',
        'V1',
        'blue',
        'Élise Martin : Le logo <arrive> trop tôt & "trop" gros, l\'été — Paul Durand : Même plan : recadrer à gauche',
        '24',
      ],
      [
        'Paul Durand',
        '01:00:04;00',
        'V1',
        'blue',
        'Couleur | saturation trop forte à corriger ↳ Léa Monteuse : C’est noté, je corrige.',
        '120',
      ],
      ['Élise Martin', '01:01:00;02', 'V1', 'green', 'Coupe trop sèche ici', '1'],
      ['Élise Martin', '01:03:00;05', 'V1', 'blue', '=SOMME(A1) bip fin suite', '1'],
    ]);
  });

  it('CSV: BOM, header, one RFC 4180 row per comment, formulas defused', () => {
    const csv = commentsCsv(version, comments);
    expect(
      csv.startsWith('\uFEFFImage début,Image fin,Timecode début,Timecode fin,Auteur,Commentaire,Statut\r\n'),
    ).toBe(true);
    const body = csv.slice(1);
    expect(body).toContain(
      '48,,01:00:01;18,,Élise Martin,"Le logo <arrive> trop tôt & ""trop"" gros, l\'été",ouvert\r\n',
    );
    expect(body).toContain('48,71,01:00:01;18,01:00:02;11,Paul Durand,Même plan : recadrer à gauche,ouvert\r\n');
    expect(body).toContain(
      '120,239,01:00:04;00,01:00:07;29,Paul Durand,"Couleur | saturation\ttrop forte\r\nà corriger\r\n↳ Léa Monteuse : C’est noté, je corrige.",ouvert\r\n',
    );
    expect(body).toContain('1800,,01:01:00;02,,Élise Martin,Coupe trop sèche ici,résolu\r\n');
    expect(body).toContain(`5399,,01:03:00;05,,Élise Martin,"'=SOMME(A1) bip fin\r\nsuite",ouvert\r\n`);
    expect(body.split('\r\n').filter(Boolean)).toHaveLength(1 + comments.length + 3); // three quoted line breaks
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])('CSV: a comment starting with %j is not run as a formula', (lead) => {
    const formula = { ...comments[0], body: `${lead}HYPERLINK("https://exemple.test")`, replies: [] };
    const text = lead === '\r' ? '\r\nHYPERLINK' : `${lead}HYPERLINK`; // a lone CR is written as CRLF
    expect(commentsCsv(version, [formula])).toContain(`,Paul Durand,"'${text}(""https://exemple.test"")",ouvert\r\n`);
  });

  it('the download: name, type, single file', () => {
    const edl = exportMarkers('resolve', version, comments);
    expect(edl).toMatchObject({ filename: 'film-d-ete-co-v2.edl', contentType: 'text/plain; charset=utf-8' });
    expect(exportMarkers('premiere', version, comments).filename).toBe('film-d-ete-co-v2.xml');
    expect(exportMarkers('fcpxml', version, comments).filename).toBe('film-d-ete-co-v2.fcpxml');
    expect(exportMarkers('avid', version, comments).filename).toBe('film-d-ete-co-v2.txt');
    expect(exportMarkers('csv', version, comments)).toMatchObject({
      filename: 'film-d-ete-co-v2.csv',
      contentType: 'text/csv; charset=utf-8',
    });
    expect(exportMarkers('premiere', version, []).body).toContain('</sequence>');
  });
});

describe('marker exports: text', () => {
  it('removes control characters, escapes XML, flattens lines, names files', () => {
    expect(cleanText('a\u0000b\u0007c\u001bd\u007fe\u0085f\r\ng\rh\ti')).toBe('abcdef\ng\nh\ti');
    expect(cleanText('x\uD800y\uFFFEz 😀')).toBe('xyz 😀');
    expect(oneLine(' a\t\tb\n\nc ')).toBe('a b c');
    expect(xmlText(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
    expect(fileSlug('Mon Film d’été — N°2 !')).toBe('mon-film-d-ete-n-2');
    expect(fileSlug('')).toBe('projet');
    expect(fileSlug('日本')).toBe('projet');
  });

  it('takes positioned threads from the comment views, replies folded in', () => {
    const view = (over: Partial<CommentView>): CommentView => ({
      id: 'x',
      versionNumber: 2,
      parentId: null,
      author: { id: 'u', name: 'Élise Martin', role: 'client' },
      body: 'texte',
      frameIn: 10,
      frameOut: null,
      frameRate: DF30,
      drawing: null,
      status: 'open',
      resolvedAt: null,
      resolvedByName: null,
      carriedFrom: null,
      revisionNumber: null,
      createdAt: at(0),
      replies: [],
      ...over,
    });
    const reply = view({ id: 'r', parentId: 'a', frameIn: null, author: { id: 'e', name: 'Léa', role: 'editor' } });
    expect(markerCommentsOf([view({ id: 'a', replies: [reply] }), reply, view({ id: 'b', frameIn: null })])).toEqual([
      {
        id: 'a',
        authorName: 'Élise Martin',
        body: 'texte',
        frameIn: 10,
        frameOut: null,
        status: 'open',
        createdAt: at(0),
        replies: [{ authorName: 'Léa', body: 'texte' }],
      },
    ]);
  });
});

/** `count` point comments on distinct frames, 2 frames apart. */
function manyComments(count: number): MarkerComment[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `m${index}`,
    authorName: 'Élise',
    body: `Marqueur ${index + 1}`,
    frameIn: index * 2,
    frameOut: null,
    status: 'open' as const,
    createdAt: at(0),
  }));
}

const big: MarkerVersion = { ...version, frameCount: 10_000 };

describe('marker exports: more than 999 Resolve markers', () => {
  it('999 markers stay in one EDL', () => {
    const edls = resolveEdls(big, manyComments(EDL_MAX_EVENTS));
    expect(edls).toHaveLength(1);
    expect(edls[0]).toContain('\r\n999  001 ');
    expect(exportMarkers('resolve', big, manyComments(EDL_MAX_EVENTS)).filename).toBe('film-d-ete-co-v2.edl');
  });

  it('2,000 markers make three EDLs of 999, 999 and 2, each numbered from 001, in a ZIP', () => {
    const edls = resolveEdls(big, manyComments(2000));
    expect(edls).toHaveLength(3);
    const events = edls.map((edl) => edl.split('\r\n').filter((line) => /^\d{3} /.test(line)));
    expect(events.map((part) => part.length)).toEqual([999, 999, 2]);
    expect(events.map((part) => part[0].slice(0, 3))).toEqual(['001', '001', '001']);
    expect(edls.map((edl) => edl.split('\r\n')[0])).toEqual([
      'TITLE: Film d’été & co v2 (1/3)',
      'TITLE: Film d’été & co v2 (2/3)',
      'TITLE: Film d’été & co v2 (3/3)',
    ]);
    // The 1,000th marker (frame 1998) opens the second file.
    expect(events[1][0]).toContain(` ${framesToTimecode(big.startFrame + 1998, DF30)} `);

    const download = exportMarkers('resolve', big, manyComments(2000), new Date('2025-03-01T10:00:00Z'));
    expect(download.filename).toBe('film-d-ete-co-v2.zip');
    expect(download.contentType).toBe('application/zip');
    const zip = download.body as Buffer;
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    expect(zip.readUInt32LE(zip.length - 22)).toBe(0x06054b50);
    expect(zip.readUInt16LE(zip.length - 12)).toBe(3);
  });
});

/**
 * OpenTimelineIO reads our Premiere XML (otio-fcp-adapter) and Resolve EDL (otio-cmx3600-adapter),
 * and Python's zipfile our split ZIP; the script prints what it found as JSON. OpenTimelineIO is
 * installed by `node scripts/test.mjs unit` into the tool cache, passed here as RUSHFLOW_PYTHONPATH.
 */
describe('marker exports: read back by OpenTimelineIO', () => {
  const pythonPath =
    process.env.RUSHFLOW_PYTHONPATH ??
    path.join(process.env.RUSHFLOW_TOOL_CACHE ?? path.join(os.homedir(), '.cache', 'rushflow'), 'python');
  let dir: string;

  beforeAll(() => {
    if (!fs.existsSync(path.join(pythonPath, 'opentimelineio')))
      throw new Error(
        `OpenTimelineIO is not installed in ${pythonPath}: run \`node scripts/test.mjs unit\` once (it installs it there).`,
      );
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rushflow-markers-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  function read(
    kind: 'premiere' | 'resolve' | 'resolve-zip' | 'fcpxml',
    name: string,
    content: string | Buffer,
  ): unknown {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    const output = execFileSync(
      'python3',
      [
        path.join(__dirname, 'otio', 'read_markers.py'),
        kind,
        file,
        `${version.frameRate.num}/${version.frameRate.den}`,
      ],
      { env: { ...process.env, PYTHONPATH: pythonPath, PYTHONIOENCODING: 'utf-8' }, encoding: 'utf8' },
    );
    return JSON.parse(output);
  }

  it('Premiere XML: the sequence start, every marker at its frames with its name and text', () => {
    const found = read('premiere', 'premiere.xml', premiereXml(version, comments));
    expect(found).toEqual({
      name: 'Film d’été & co v2',
      startFrame: 107_892,
      startTimecode: '01:00:00;00',
      markers: [
        {
          name: 'Élise Martin',
          comment: 'Le logo <arrive> trop tôt & "trop" gros, l\'été',
          in: 48,
          duration: 0,
        },
        { name: 'Paul Durand', comment: 'Même plan : recadrer à gauche', in: 48, duration: 24 },
        {
          name: 'Paul Durand',
          comment: 'Couleur | saturation\ttrop forte\nà corriger\n↳ Léa Monteuse : C’est noté, je corrige.',
          in: 120,
          duration: 120,
        },
        { name: 'Élise Martin (résolu)', comment: 'Coupe trop sèche ici', in: 1800, duration: 0 },
        { name: 'Élise Martin', comment: '=SOMME(A1) bip fin\nsuite', in: 5399, duration: 0 },
      ],
    });
  });

  it('Resolve EDL: one event per marker frame at its record timecode, the marker line intact', () => {
    const found = read('resolve', 'resolve.edl', resolveEdls(version, comments)[0]) as {
      name: string;
      events: { record: number; source: number; duration: number; comments: string[] }[];
    };
    expect(found.name).toBe('Film d’été & co v2');
    expect(found.events).toEqual([
      {
        record: 107_892 + 48,
        source: 107_892 + 48,
        duration: 1,
        comments: [
          '|C:ResolveColorBlue |M:Élise Martin : Le logo <arrive> trop tôt & "trop" gros, l\'été — Paul Durand : Même plan : recadrer à gauche |D:24',
        ],
      },
      {
        record: 107_892 + 120,
        source: 107_892 + 120,
        duration: 1,
        comments: [
          '|C:ResolveColorBlue |M:Paul Durand : Couleur / saturation trop forte à corriger ↳ Léa Monteuse : C’est noté, je corrige. |D:120',
        ],
      },
      {
        record: 107_892 + 1800,
        source: 107_892 + 1800,
        duration: 1,
        comments: ['|C:ResolveColorGreen |M:Élise Martin : Coupe trop sèche ici |D:1'],
      },
      {
        record: 107_892 + 5399,
        source: 107_892 + 5399,
        duration: 1,
        comments: ['|C:ResolveColorBlue |M:Élise Martin : =SOMME(A1) bip fin suite |D:1'],
      },
    ]);
  });

  it('FCPXML: well-formed, every marker on its frame in exact rational seconds, to-dos by status', () => {
    const found = read('fcpxml', 'markers.fcpxml', finalCutXml(version, comments)) as {
      markers: { start: string; duration: string; value: string; completed: string }[];
    };
    expect(found).toMatchObject({
      version: '1.10',
      frameDuration: '1001/30000s',
      project: 'Film d’été & co v2',
      sequence: { tcStart: '107999892/30000s', tcFormat: 'DF', duration: '5405400/30000s' },
      gap: { offset: '107999892/30000s', start: '107999892/30000s', duration: '5405400/30000s' },
    });
    /** `N/30000s` → frames at 29.97 (exact: N is a multiple of 1001). */
    const frames = (time: string) => {
      const [numerator, denominator = '1'] = time.replace(/s$/, '').split('/');
      expect((Number(numerator) * 30000) % (Number(denominator) * 1001)).toBe(0);
      return (Number(numerator) * 30000) / (Number(denominator) * 1001);
    };
    expect(
      found.markers.map((marker) => [
        frames(marker.start) - version.startFrame,
        frames(marker.duration),
        marker.value,
        marker.completed,
      ]),
    ).toEqual([
      [48, 1, 'Élise Martin : Le logo <arrive> trop tôt & "trop" gros, l\'été', '0'],
      [48, 24, 'Paul Durand : Même plan : recadrer à gauche', '0'],
      [
        120,
        120,
        'Paul Durand : Couleur | saturation trop forte à corriger ↳ Léa Monteuse : C’est noté, je corrige.',
        '0',
      ],
      [1800, 1, 'Élise Martin : Coupe trop sèche ici', '1'],
      [5399, 1, 'Élise Martin : =SOMME(A1) bip fin suite', '0'],
    ]);
  });

  it('the split ZIP: three EDLs that OpenTimelineIO reads, 2,000 markers at their frames', () => {
    const download = exportMarkers('resolve', big, manyComments(2000));
    const found = read('resolve-zip', download.filename, download.body) as {
      files: { name: string; title: string; records: number[]; texts: string[] }[];
    };
    expect(found.files.map((file) => [file.name, file.title, file.records.length])).toEqual([
      ['film-d-ete-co-v2-1.edl', 'Film d’été & co v2 (1/3)', 999],
      ['film-d-ete-co-v2-2.edl', 'Film d’été & co v2 (2/3)', 999],
      ['film-d-ete-co-v2-3.edl', 'Film d’été & co v2 (3/3)', 2],
    ]);
    const records = found.files.flatMap((file) => file.records);
    expect(records).toEqual(Array.from({ length: 2000 }, (_, index) => big.startFrame + index * 2));
    const texts = found.files.flatMap((file) => file.texts);
    expect(texts[1999]).toBe('|C:ResolveColorBlue |M:Élise : Marqueur 2000 |D:1');
  });
});
