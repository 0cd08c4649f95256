import { describe, expect, it } from 'vitest';
import { pickVoice } from './useVoice';

const voice = (lang: string, extra: Partial<SpeechSynthesisVoice> = {}): SpeechSynthesisVoice => ({
  lang,
  name: lang,
  localService: false,
  default: false,
  voiceURI: lang,
  ...extra,
});

describe('pickVoice for any content language (decision 0059)', () => {
  const voices = [
    voice('en-US', { default: true }),
    voice('ja-JP'),
    voice('ar-SA'),
    voice('nb-NO'),
    voice('iw-IL'),
    voice('zh_TW'),
    voice('zh-CN', { localService: true }),
  ];

  it('takes a voice of the language, preferring one on the device', () => {
    expect(pickVoice(voices, 'ja')?.lang).toBe('ja-JP');
    expect(pickVoice(voices, 'ar')?.lang).toBe('ar-SA');
    expect(pickVoice(voices, 'zh')?.lang).toBe('zh-CN');
  });

  it('knows the other codes voices carry for a language', () => {
    expect(pickVoice(voices, 'no')?.lang).toBe('nb-NO');
    expect(pickVoice(voices, 'he')?.lang).toBe('iw-IL');
  });

  it('has none rather than a voice of another language', () => {
    expect(pickVoice(voices, 'ko')).toBeNull();
    expect(pickVoice(voices, 'fa')).toBeNull();
    expect(pickVoice([], 'en')).toBeNull();
  });
});
