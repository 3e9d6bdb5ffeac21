import { describe, expect, it } from 'vitest';
import { TENANT, useSandbox } from '../../test-helpers/sandbox-client.js';

const { sandbox, post } = useSandbox();

describe('documents', () => {
  it('generates additional-information sections with every field type and radio groups', async () => {
    const answer = await post('facilities/demo/pandadocs/generate-tokens/', { ...TENANT, flow: 'rental' });
    expect(answer.status).toBe('ok');
    const { sections, tokens } = answer.result.dynamic_tokens;
    const types = new Set(
      sections.flatMap((section: { fields: { type: string }[] }) => section.fields.map((f) => f.type)),
    );
    expect([...types].sort()).toEqual(['checkbox', 'date', 'email', 'phone', 'radiobox', 'ssn', 'text', 'textarea']);
    expect(sections[0]).toMatchObject({ title: 'About your stored goods', description: expect.any(String) });
    expect(tokens.tenant_name).toBe('Jane Tenant');
  });

  it('generates two agreements, the second the autopay one when auto_debit is on, each with a signing page', async () => {
    const withAutopay = await post('facilities/demo/pandadocs/generate-agreements/', {
      ...TENANT,
      flow: 'rental',
      auto_debit: 'true',
    });
    expect(withAutopay.result.agreements).toMatchObject([
      { display_name: 'Rental Agreement', document_type: 'lease_agreement', completed: false },
      { display_name: 'AutoPay Authorization', document_type: 'autopay', completed: false },
    ]);
    const without = await post('facilities/demo/pandadocs/generate-agreements/', {
      ...TENANT,
      auto_debit: 'false',
      insurance_id: '101',
    });
    expect(without.result.agreements[1].document_type).toBe('insurance-certificate');

    const { url, key } = withAutopay.result.agreements[0];
    expect(url).toBe(`http://sandbox.test/pages/sign/${key}`);
    const page = await sandbox().inject({ url: `/pages/sign/${key}` });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Rental Agreement');
    expect(page.body).toContain('Occupant: Jane Tenant');
    expect(page.body).toContain(`{"event":"session_view.document.completed","data":{"id":"${key}"}}`);
    expect((await sandbox().inject({ url: '/pages/sign/unknown' })).statusCode).toBe(404);
  });

  it('fails the next tokens or agreements call when a test asks', async () => {
    await sandbox().inject({
      method: 'POST',
      url: '/__sandbox/rental/fail-next',
      payload: { call: 'generate-tokens' },
    });
    expect((await post('facilities/demo/pandadocs/generate-tokens/', TENANT)).status).toBe('error');
    expect((await post('facilities/demo/pandadocs/generate-tokens/', TENANT)).status).toBe('ok');
  });
});
