import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when it is answered: its method and URL (`req`), status (`res`), time
 * (`responseTime`, ms) and request id (`reqId`), as most production setups log requests. Fastify's default wrote
 * two, an 'incoming request' line with the method and URL and a 'request completed' line with the status: twice the
 * lines to serialise and write for every call, the order list's included. A request the client gave up on is still
 * logged when its connection closes.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
