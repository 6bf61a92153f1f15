import { handler } from '../../functions/errors';
test('errors answers', async () => {
  const r = await handler({ rawQueryString: 'appkey=http://a/', headers: {} } as any, {} as any);
  expect(r.statusCode).toBe(200);
});
