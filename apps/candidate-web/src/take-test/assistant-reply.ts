/** A piece of an assistant's reply as the panel shows it: prose, or a fenced block of code (insertable). */
export type ReplySegment = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'code'; readonly code: string; readonly info: string };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)\s*$/;

/**
 * The reply's prose and fenced code blocks, in order (pure). A fence not closed yet (a reply still streaming) runs to
 * the end, so the block grows as it comes. The text is shown as text nodes, never as HTML: the reply is untrusted.
 */
export const replySegments = (reply: string): ReplySegment[] => {
  const segments: ReplySegment[] = [];
  let prose: string[] = [];
  const flushProse = () => {
    const text = prose.join('\n').trim();
    if (text) segments.push({ kind: 'text', text });
    prose = [];
  };
  const lines = reply.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const opening = FENCE.exec(lines[index]!);
    if (!opening) {
      prose.push(lines[index]!);
      continue;
    }
    flushProse();
    const fence = opening[1]!;
    const body: string[] = [];
    for (index += 1; index < lines.length; index += 1) {
      const line = lines[index]!;
      if (line.trim().startsWith(fence[0]!.repeat(fence.length)) && line.trim().replaceAll(fence[0]!, '') === '') break;
      body.push(line);
    }
    segments.push({ kind: 'code', code: body.join('\n'), info: (opening[2] ?? '').toLowerCase() });
  }
  flushProse();
  return segments;
};

/** "8 of 30 messages left" (pure). */
export const budgetWords = (remaining: number, budget: number): string =>
  remaining === 0
    ? `No messages left of ${budget}: carry on without the assistant.`
    : `${remaining} of ${budget} ${budget === 1 ? 'message' : 'messages'} left`;
