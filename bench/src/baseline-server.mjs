// The yardstick: a bare Fastify "hello world" with a JSON-schema response, as the issue defines it.
// Every Assay figure is a ratio to this server measured in the same run on the same machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', { schema: { response: { 200: { type: 'object', properties: { hello: { type: 'string' } } } } } }, async () => ({ hello: 'world' }));
// Not a target: the ceiling of the write rows. The same server answering a POST with a JSON body and no pipelining
// shows what the machine's per-request cost (a read and a write on the socket for every request) leaves for them.
app.post('/', async (request) => ({ hello: request.body?.emailId ?? 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${app.server.address().port}`);
