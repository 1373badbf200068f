import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlainText } from './plain-text';

const html = (text: string) => renderToStaticMarkup(<PlainText text={text} />);

describe('plain text with clickable links', () => {
  it('never turns text into markup or script', () => {
    const out = html('<img src=x onerror=alert(1)> <script>alert(2)</script> & "quotes"');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<script');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('&amp; &quot;quotes&quot;');
  });

  it('makes http(s) and www. addresses links that open safely, leaving trailing punctuation as text', () => {
    const out = html('See https://example.com/a?b=1&c=2. Or www.reelhouse.example, (https://x.example/y).');
    expect(out).toContain('<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow ugc"');
    expect(out).toContain('>https://example.com/a?b=1&amp;c=2</a>. Or');
    expect(out).toContain('href="https://www.reelhouse.example"');
    expect(out).toContain('>www.reelhouse.example</a>, (');
    expect(out).toContain('href="https://x.example/y"');
    expect(out).toContain('</a>).');
  });

  it('leaves other schemes as text', () => {
    const out = html('javascript:alert(1) data:text/html,hi ftp://files.example/x');
    expect(out).not.toContain('<a');
  });
});
