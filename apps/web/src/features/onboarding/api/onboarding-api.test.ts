import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { message } from 'antd';
import { Blob as NodeBlob } from 'node:buffer';
import { createInvite } from './create-invite';
import { fetchApplicationList, applicationListQuery } from './application-list';
import { fetchPublicInvite } from './public-invite';
import { publicSave } from './public-save';
import { publicUpload } from './public-upload';
import { readDocument } from './read-document';
import { saveApplication } from './save-application';
import { uploadDocument } from './upload-document';

const ok = (data: unknown) => HttpResponse.json({ status: 200, code: 200, msg: 'ok', message: 'ok', data });
const refuse = (code: number, msg: string) => HttpResponse.json({ status: 200, code, msg, message: msg, data: null });
const toasts = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  vi.unstubAllGlobals();
  message.destroy();
  await waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0));
});

describe('onboarding API', () => {
  it('POST /inco/save sends the draft with its idempotency key; a refusal is quiet (the wizard shows it beside the fields)', async () => {
    let sent: unknown;
    server.use(
      mock.post('*/api/merchant/inco/save', async ({ request }) => {
        sent = await request.json();
        return refuse(400, 'legalPerson.idNumber: check digit is wrong');
      }),
    );
    const draft = { subject: { name: 'Tea' }, idempotencyKey: 'k-0123456789' };
    await expect(saveApplication(draft)).rejects.toMatchObject({
      code: 400,
      msg: 'legalPerson.idNumber: check digit is wrong',
    });
    expect(sent).toEqual(draft);
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts()).toEqual([]);
  });

  it('POST /inco/list sends the filter and passes nextCursor back as cursor while hasMore', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/inco/list', async ({ request }) => {
        bodies.push(await request.json());
        return ok({ rows: [], nextCursor: 'c2', hasMore: true });
      }),
    );
    const filter = { status: ['DRAFT' as const, 'REJECTED' as const], name: '茶', createdFrom: '2026-05-01' };
    await fetchApplicationList({ ...filter, limit: 20 });
    expect(bodies[0]).toEqual({ ...filter, limit: 20 });
    const query = applicationListQuery(filter);
    expect(query.getNextPageParam!({ rows: [], nextCursor: 'c2', hasMore: true }, [], '', [])).toBe('c2');
    expect(query.getNextPageParam!({ rows: [], nextCursor: null, hasMore: false }, [], '', [])).toBeUndefined();
  });

  it('GET /getIncoQrCode makes an invitation with its days and note (no empty note)', async () => {
    const seen: string[] = [];
    server.use(
      mock.get('*/api/merchant/getIncoQrCode', ({ request }) => {
        seen.push(new URL(request.url).search);
        return ok({ inviteNo: 'I'.padEnd(25, 'a'), url: 'http://x/mchweb/inco/I', expiresAt: '2026-05-08T00:00:00Z' });
      }),
    );
    await createInvite({ expiresInDays: 3, remark: 'Zhao' });
    await createInvite({ expiresInDays: 7, remark: '' });
    expect(seen).toEqual(['?expiresInDays=3&remark=Zhao', '?expiresInDays=7']);
  });

  it('the public page calls /api/pay/inco/* at the API origin, not under the merchant base', async () => {
    const urls: string[] = [];
    server.use(
      mock.get('*/api/pay/inco/:inviteNo', ({ request }) => {
        urls.push(new URL(request.url).pathname);
        return ok({ inviteNo: 'I1', status: 'ACTIVE' });
      }),
      mock.post('*/api/pay/inco/save', async ({ request }) => {
        urls.push(new URL(request.url).pathname);
        expect(await request.json()).toEqual({ inviteNo: 'I1', subject: { name: 'Tea' } });
        return ok({ applyNo: 'A1' });
      }),
    );
    await expect(fetchPublicInvite('I1')).resolves.toMatchObject({ status: 'ACTIVE' });
    await expect(publicSave({ inviteNo: 'I1', subject: { name: 'Tea' } })).resolves.toEqual({ applyNo: 'A1' });
    expect(urls).toEqual(['/api/pay/inco/I1', '/api/pay/inco/save']);
  });

  it('an unknown invitation is refused quietly: the page shows its own "link does not work"', async () => {
    server.use(mock.get('*/api/pay/inco/:inviteNo', () => refuse(404, 'Invitation not found')));
    await expect(fetchPublicInvite('Inope')).rejects.toMatchObject({ code: 404 });
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts()).toEqual([]);
  });

  it('S7.4 uploads are multipart (the invitation number as a field on the public page) and skip the code checks, showing a refusal', async () => {
    const forms: { path: string; fields: Record<string, string>; file: boolean }[] = [];
    const answer = { fileId: 'F'.padEnd(25, 'x'), url: '/u', name: 'a.png', size: 3, contentType: 'image/png' };
    const record = async (request: Request) => {
      const form = await request.formData();
      forms.push({
        path: new URL(request.url).pathname,
        fields: Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<
          string,
          string
        >,
        // jsdom's XMLHttpRequest does not carry a File's bytes to msw: the part is there, its content is the browser's.
        file: form.has('file'),
      });
    };
    server.use(
      mock.post('*/api/merchant/inco/upload', async ({ request }) => (await record(request), ok(answer))),
      mock.post(
        '*/api/pay/inco/upload',
        async ({ request }) => (await record(request), refuse(415, 'file: must be JPEG, PNG, WebP or PDF')),
      ),
    );
    const progress: number[] = [];
    await expect(uploadDocument(new File(['png'], 'a.png'), (p) => progress.push(p))).resolves.toEqual(answer);
    await expect(publicUpload('I1', new File(['txt'], 'b.txt'))).rejects.toMatchObject({ code: 415 });
    expect(forms).toEqual([
      { path: '/api/merchant/inco/upload', fields: {}, file: true },
      { path: '/api/pay/inco/upload', fields: { inviteNo: 'I1' }, file: true },
    ]);
    await waitFor(() => expect(toasts()).toEqual(['file: must be JPEG, PNG, WebP or PDF']));
  });

  it('a document is read back with the session token (an <img src> would not carry it); a JSON answer is a refusal', async () => {
    vi.stubGlobal('Blob', NodeBlob);
    localStorage.setItem('token', 'tok');
    const tokens: (string | null)[] = [];
    server.use(
      mock.get('*/api/merchant/inco/file/:fileId', ({ request, params }) => {
        tokens.push(request.headers.get('token'));
        return params.fileId === 'Fok'
          ? new HttpResponse(new Uint8Array([0x89, 0x50]), { headers: { 'content-type': 'image/png' } })
          : refuse(404, 'File not found');
      }),
    );
    const blob = await readDocument('/api/merchant/inco/file/Fok');
    expect(blob.type).toBe('image/png');
    await expect(readDocument('/api/merchant/inco/file/Fnope')).rejects.toMatchObject({
      code: 404,
      msg: 'File not found',
    });
    expect(tokens).toEqual(['tok', 'tok']);
    localStorage.clear();
  });
});
