import { describe, expect, it } from 'vitest';
import { EventStreamReader } from './event-stream.js';

describe('EventStreamReader', () => {
  it('reads events cut anywhere, skipping comments', () => {
    const stream = 'event: accepted\ndata: {"messageId":1}\n\n: waiting\n\nevent: delta\r\ndata: {"text":"a"}\r\n\r\ndata: x\ndata: y\n\n';
    for (let cut = 0; cut <= stream.length; cut++) {
      const reader = new EventStreamReader();
      const events = [...reader.feed(stream.slice(0, cut)), ...reader.feed(stream.slice(cut))];
      expect(events).toEqual([
        { event: 'accepted', data: '{"messageId":1}' },
        { event: 'delta', data: '{"text":"a"}' },
        { event: 'message', data: 'x\ny' },
      ]);
    }
  });

  it('holds an event until its blank line', () => {
    const reader = new EventStreamReader();
    expect(reader.feed('event: done\ndata: {}\n')).toEqual([]);
    expect(reader.feed('\n')).toEqual([{ event: 'done', data: '{}' }]);
  });
});
