import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/request';
import { serverFieldErrors } from './form-errors';

const refusal = (msg: string) => new ApiError({ code: 400, msg });
const FIELDS = ['companyName', 'creditCode', 'contactMobile'];

describe('server msg beside the field it names', () => {
  it('splits a validation msg of several fields, dropping the body. prefix', () => {
    const msg = 'body.creditCode: must be an 18-character code; body.contactMobile: is required';
    expect(serverFieldErrors(refusal(msg), FIELDS, 'companyName')).toEqual([
      { name: 'creditCode', errors: ['must be an 18-character code'] },
      { name: 'contactMobile', errors: ['is required'] },
    ]);
  });

  it('keeps "; " inside one field message, and puts msgs naming no known field beside the fallback', () => {
    expect(serverFieldErrors(refusal('smsCode: is wrong; 4 tries left'), ['smsCode'], 'mobile')).toEqual([
      { name: 'smsCode', errors: ['is wrong; 4 tries left'] },
    ]);
    expect(serverFieldErrors(refusal('Organisation not found'), FIELDS, 'companyName')).toEqual([
      { name: 'companyName', errors: ['Organisation not found'] },
    ]);
    expect(serverFieldErrors(new Error('Network Error'), FIELDS, 'companyName')).toEqual([
      { name: 'companyName', errors: ['Network Error'] },
    ]);
  });

  it('nested field names: body.legalPerson.idNumber goes beside legalPerson.idNumber', () => {
    const msg = 'body.legalPerson.idNumber: must be 18 characters; body.contacts.0.mobile: is required';
    expect(serverFieldErrors(refusal(msg), ['legalPerson.idNumber', 'contacts.0.mobile'], 'companyName')).toEqual([
      { name: 'legalPerson.idNumber', errors: ['must be 18 characters'] },
      { name: 'contacts.0.mobile', errors: ['is required'] },
    ]);
    expect(serverFieldErrors(refusal(msg), (name) => name.startsWith('legal'), 'companyName')).toEqual([
      { name: 'legalPerson.idNumber', errors: ['must be 18 characters'] },
      { name: 'companyName', errors: ['body.contacts.0.mobile: is required'] },
    ]);
  });
});
