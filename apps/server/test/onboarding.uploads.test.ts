import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_UPLOAD_MAX_BYTES, type Invite } from '@mchweb/contract';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { multipart, upload } from './onboarding-fixtures.ts';
import { JPEG, PDF, PNG } from './upload-fixtures.ts';

let t: TestApp;
let owner: TestClient;
let invitee: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('13800138000');
  invitee = t.client();
});
afterAll(async () => t.close());

const read = (client: TestClient, url: string) =>
  client.raw({ method: 'GET', url, headers: client.token ? { token: client.token } : {} });

describe("a member's uploads", () => {
  it('answers the fileId and a url that serves the bytes to members, with safe headers', async () => {
    const res = await upload(owner, { bytes: PNG, name: '营业执照.png' });
    expect(res.body).toMatchObject({
      code: 200,
      data: { name: '营业执照.png', size: PNG.length, contentType: 'image/png' },
    });
    const { fileId, url } = res.body.data;
    expect(url).toBe(`/api/merchant/inco/file/${fileId}`);
    const got = await read(owner, url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect(got.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=300',
    });
    expect(got.headers['content-disposition']).toMatch(/^inline; filename="[^"]*\.png"; filename\*=UTF-8''/);
    // A PDF is downloaded rather than shown on our origin.
    const pdf = (await upload(owner, { bytes: PDF, name: 'licence.pdf' })).body.data;
    expect((await read(owner, pdf.url)).headers['content-disposition']).toMatch(/^attachment; filename="licence\.pdf"/);
  });

  it('another organisation, a stranger without a session, a role without onboarding:edit: refused', async () => {
    const { url } = (await upload(owner)).body.data;
    const bakery = await t.signIn('13800138000');
    await bakery.post('/api/websession/changeCompany', { companyId: 2 });
    const foreign = await read(bakery, url);
    expect([foreign.statusCode, foreign.json().code, foreign.json().msg]).toEqual([200, 404, 'File not found']);
    expect((await read(t.client(), url)).statusCode).toBe(401);
    const cashier = await t.signIn('13800138003');
    expect((await upload(cashier)).body.code).toBe(403);
  });

  it('refuses an oversized, wrongly typed, broken or missing file with a message naming the field', async () => {
    const big = Buffer.concat([JPEG, Buffer.alloc(ONBOARDING_UPLOAD_MAX_BYTES + 1 - JPEG.length)]);
    expect((await upload(owner, { bytes: big, name: 'big.jpg' })).body).toMatchObject({
      code: 413,
      msg: 'file: must be at most 5 MB',
    });
    expect((await upload(owner, { bytes: Buffer.from('<svg onload=alert(1)>'), name: 'x.png' })).body).toMatchObject({
      code: 415,
      msg: 'file: must be a JPEG, PNG, WebP image or a PDF',
    });
    expect((await upload(owner, { bytes: PNG.subarray(0, 60) })).body.code).toBe(400);
    const noFile = await owner.post('/api/merchant/inco/upload', undefined, multipart({ note: 'x' }));
    expect(noFile.body).toMatchObject({ code: 400, msg: 'file: is required: send one file in the form field file' });
    const wrongField = await owner.post(
      '/api/merchant/inco/upload',
      undefined,
      multipart({}, { name: 'a.png', bytes: PNG, field: 'photo' }),
    );
    expect(wrongField.body).toMatchObject({ code: 400, msg: 'file: send exactly one file, in the form field file' });
    const json = await owner.post('/api/merchant/inco/upload', { file: 'base64...' });
    expect(json.body).toMatchObject({ code: 415 });
    expect(json.body.msg).toMatch(/^file: send the file as multipart\/form-data/);
    // JSON routes still refuse multipart (the parser is registered for the upload routes only).
    const elsewhere = await owner.post('/api/merchant/inco/list', undefined, multipart({ limit: '1' }));
    expect(elsewhere.body.code).toBe(415);
  });
});

describe("the invited merchant's uploads", () => {
  it('uploads through its invitation and reads back only what it uploaded through it', async () => {
    const made = (await owner.get<Invite>('/api/merchant/getIncoQrCode')).body.data;
    const other = (await owner.get<Invite>('/api/merchant/getIncoQrCode')).body.data;
    const res = await upload(invitee, { inviteNo: made.inviteNo, bytes: JPEG, name: 'id.jpg' });
    expect(res.body.code).toBe(200);
    const { fileId, url } = res.body.data;
    expect(url).toBe(`/api/pay/inco/file/${fileId}?inviteNo=${made.inviteNo}`);
    const got = await read(invitee, url);
    expect([got.statusCode, got.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(got.rawPayload.equals(JPEG)).toBe(true);
    // The organisation's members read it too.
    expect((await read(owner, `/api/merchant/inco/file/${fileId}`)).statusCode).toBe(200);

    const wrongInvite = await read(invitee, `/api/pay/inco/file/${fileId}?inviteNo=${other.inviteNo}`);
    expect(wrongInvite.json()).toMatchObject({ code: 404, msg: 'File not found' });
    const memberFile = (await upload(owner)).body.data.fileId;
    const theirs = await read(invitee, `/api/pay/inco/file/${memberFile}?inviteNo=${made.inviteNo}`);
    expect(theirs.json().code).toBe(404);
  });

  it('needs a usable invitation number as a form field', async () => {
    const missing = await invitee.post('/api/pay/inco/upload', undefined, multipart({}, { name: 'a.png', bytes: PNG }));
    expect(missing.body).toMatchObject({
      code: 400,
      msg: 'inviteNo: must be the invitation number of the link, sent as a form field',
    });
    const unknown = await upload(invitee, { inviteNo: 'I' + 'z'.repeat(24) });
    expect(unknown.body).toMatchObject({ code: 404, msg: 'Invitation not found' });
  });

  it('at most 30 uploads a minute from one address through invitations', async () => {
    const made = (await owner.get<Invite>('/api/merchant/getIncoQrCode')).body.data;
    const codes: number[] = [];
    for (let i = 0; i < 32 && !codes.includes(429); i++) {
      codes.push((await upload(invitee, { inviteNo: made.inviteNo })).body.code);
    }
    expect(codes.at(-1)).toBe(429);
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(30);
  });
});
