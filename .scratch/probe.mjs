const base = 'http://127.0.0.1:9201';
const host = { host: 'acmedemo.localhost:9201' };
async function call(method, path, token, body) {
  const r = await fetch(base + path, { method, headers: { 'organization-id': process.env.ORG, 'content-type': 'application/json', ...(token ? { auth_token: token } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const t = await r.text(); let j; try { j = JSON.parse(t); } catch { j = t; }
  return { status: r.status, body: j };
}
const login = async (u, p) => (await call('POST', '/auth/api/login', null, { userid: u + '@acme.example', key: p })).body;
const admin = await login('admin', 'demo-admin-pass');
const emma = await login('emma', 'demo-employee-pass');
const carla = await login('carla', 'demo-complete-pass');
const doc = await call('POST', '/hr/api/data/documents/', admin.token, { display_name: 'Handbook', filename: 'h.pdf', view_type: 'file', published: true });
const a = await call('POST', '/hr/api/data/assignments/', admin.token, { user_ids: [emma.session.user.key, carla.session.user.key], document_id: doc.body.key, acknowledgement_required: true });
const k = a.body.key;
const mine = (await call('GET', `/hr/api/data/assignments/${k}`, emma.token)).body.data.acknowledgements;
const s = await call('PATCH', `/hr/api/data/assignments/${k}`, emma.token, { acknowledgements: mine.map((e) => ({ ...e, signature: { name: 'Emma Employee', font: 'font1', timestamp: 1 } })) });
console.log('emma signs', s.status);
const c = await call('GET', `/hr/api/data/assignments/${k}`, carla.token);
console.log('carla reads', c.status, JSON.stringify(c.body.data.acknowledgements));
const h = await call('GET', `/hr/api/data/assignments/${k}`, admin.token);
console.log('HR reads', h.body.data.acknowledgements.map((e) => [e.status, e.signature?.name]));
const sf = await call('POST', '/hr/api/data/secure_files/', emma.token, { owner_id: carla.session.user.key, sender_name: 'E', email: 'e@acme.example', filename: 'x.pdf' });
console.log('emma secure file to carla', sf.status, JSON.stringify(sf.body.errors));
const sp = await call('POST', '/auth/api/search_people', emma.token, { text: '', for: 'hr/secure_files' });
console.log('emma recipients', sp.status, JSON.stringify(sp.body));
