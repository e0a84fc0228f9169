import { downloadHeaders, sniffMedia } from '../../api/uploads/content-sniffer';
import { checkNewFile, UPLOAD_MESSAGES } from '../../domain/uploads';
import { AddUploadFileSchema } from '../../domain/schemas/uploads';

/** What a browser may declare, what the server finds the bytes to be, and how they are served. */
const JPEG_THEN_SCRIPT = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.from('<script>alert(document.domain)</script>'),
]);

test('a declared type is one bare type: a list or parameters are refused with a French message', () => {
  for (const type of ['image/jpeg,text/html', 'image/jpeg; x=y', 'image/jpeg text/html', 'text/html;']) {
    const parsed = AddUploadFileSchema.safeParse({ name: 'portrait.jpg', size: 10, type });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe(UPLOAD_MESSAGES.declaredTypeInvalid);
  }
  expect(AddUploadFileSchema.parse({ name: 'portrait.jpg', size: 10, type: 'image/jpeg' }).type).toBe('image/jpeg');
  expect(AddUploadFileSchema.parse({ name: 'rush.mkv', size: 10 }).type).toBe('');
});

test('only the exact types of the kind are accepted: no SVG or HTML photo, no text under a video name', () => {
  const photo = { name: 'portrait.jpg', size: 10 };
  expect(checkNewFile({ ...photo, type: 'image/jpeg' }, 0, 'application_photo')).toBeNull();
  expect(checkNewFile({ ...photo, type: 'image/svg+xml' }, 0, 'application_photo')?.code).toBe('type');
  expect(checkNewFile({ ...photo, type: 'image/jpeg+html' }, 0, 'application_photo')?.code).toBe('type');
  expect(checkNewFile({ name: 'rush.mp4', size: 10, type: 'video/mp4' }, 0, 'project_source')).toBeNull();
  expect(checkNewFile({ name: 'rush.mp4', size: 10, type: 'text/html' }, 0, 'project_source')?.code).toBe('type');
  expect(checkNewFile({ name: 'rush.mp4', size: 10, type: 'video/x-anything' }, 0, 'project_source')?.code).toBe(
    'type',
  );
});

test('the sniffer names the media from its bytes, and nothing that is not media', async () => {
  expect(await sniffMedia(JPEG_THEN_SCRIPT)).toEqual({ mimeType: 'image/jpeg', kind: 'image' });
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(2000, 1)]);
  expect(await sniffMedia(mp4)).toEqual({ mimeType: 'video/mp4', kind: 'video' });
  expect(await sniffMedia(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'))).toBeNull();
  expect(await sniffMedia(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
  expect(await sniffMedia(Buffer.from('%PDF-1.7\n'))).toBeNull();
});

test('downloads carry the stored type; anything but media, or a stored type that is no media, is an attachment', () => {
  expect(downloadHeaders('image/jpeg', 'portrait.jpg', 'inline')).toEqual({
    ResponseContentType: 'image/jpeg',
    ResponseContentDisposition: `inline; filename="portrait.jpg"; filename*=UTF-8''portrait.jpg`,
  });
  expect(downloadHeaders('video/mp4', 'Rush é.mp4', 'attachment')).toEqual({
    ResponseContentType: 'video/mp4',
    ResponseContentDisposition: `attachment; filename="Rush _.mp4"; filename*=UTF-8''Rush%20%C3%A9.mp4`,
  });
  // Rows recorded before the sniffed type was kept hold what the browser said.
  for (const declared of ['image/jpeg,text/html', 'video/mp4,text/html', 'image/svg+xml', 'text/html', null]) {
    expect(downloadHeaders(declared, 'portrait.jpg', 'inline')).toEqual({
      ResponseContentType: 'application/octet-stream',
      ResponseContentDisposition: `attachment; filename="portrait.jpg"; filename*=UTF-8''portrait.jpg`,
    });
  }
});
