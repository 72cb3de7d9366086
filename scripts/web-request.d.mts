import type { IncomingMessage, ServerResponse } from 'node:http'

export declare function toWebRequest(request: IncomingMessage): Request
export declare function sendWebResponse(answer: Response, response: ServerResponse): Promise<void>
