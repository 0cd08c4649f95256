import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { AUDIO_MAX_BYTES, PICTURE_MAX_BYTES } from '@wordhoard/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PictureChooser } from './PictureChooser';
import { PronunciationRecorder } from './PronunciationRecorder';

const file = (name: string, type: string, size = 16) => new File([new Uint8Array(size)], name, { type });

describe('PictureChooser', () => {
  const render = (props: Partial<Parameters<typeof PictureChooser>[0]> = {}) => {
    const onChoose = vi.fn();
    const onRemove = vi.fn();
    const rendered = renderWithProviders(
      <PictureChooser term="ネコ" picture={null} onChoose={onChoose} onRemove={onRemove} {...props} />,
    );
    return { onChoose, onRemove, rendered };
  };
  const input = () => screen.getByTestId('picture-input');

  it('refuses a file of another type or over 5 MB before sending anything, in words', async () => {
    const { onChoose, rendered } = render();
    await rendered;
    expect(screen.getByRole('group', { name: 'Picture' })).toHaveAccessibleDescription(
      'JPEG, PNG, WebP or AVIF, up to 5 MB. You can also drop or paste one here.',
    );
    expect(input()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif');

    fireEvent.change(input(), { target: { files: [file('cat.gif', 'image/gif')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a JPEG, PNG, WebP or AVIF picture.');
    fireEvent.change(input(), { target: { files: [file('cat.png', 'image/png', PICTURE_MAX_BYTES + 1)] } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This picture is larger than 5 MB. Choose a smaller one.',
    );
    expect(onChoose).not.toHaveBeenCalled();

    const good = file('cat.webp', 'image/webp', PICTURE_MAX_BYTES);
    fireEvent.change(input(), { target: { files: [good] } });
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(good);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes a dropped or pasted picture, and the button opens the file chooser', async () => {
    const { onChoose, rendered } = render();
    const { user } = await rendered;
    const zone = screen.getByTestId('picture-chooser');
    const dropped = file('dropped.png', 'image/png');
    fireEvent.drop(zone, { dataTransfer: { files: [dropped], items: [] } });
    expect(onChoose).toHaveBeenLastCalledWith(dropped);
    const pasted = file('pasted.avif', 'image/avif');
    fireEvent.paste(screen.getByRole('button', { name: 'Choose a picture' }), {
      clipboardData: { files: [pasted], items: [] },
    });
    expect(onChoose).toHaveBeenLastCalledWith(pasted);

    const opened = vi.fn();
    input().addEventListener('click', opened);
    await user.click(screen.getByRole('button', { name: 'Choose a picture' }));
    expect(opened).toHaveBeenCalledOnce();
  });

  it('shows the stored picture with the term as its text, the server’s refusal, and removes it', async () => {
    const { onRemove, rendered } = render({
      picture: { url: '/api/media/5f8e0a4c-2b7d-4c1e-8f3a-9d6b2e1c0a77', width: 640, height: 480 },
      error: 'Ви вичерпали місце для зображень і записів',
    });
    const { user } = await rendered;
    const picture = screen.getByRole('img', { name: 'ネコ' });
    expect(picture).toHaveAttribute('src', '/api/media/5f8e0a4c-2b7d-4c1e-8f3a-9d6b2e1c0a77');
    expect(picture).toHaveAttribute('width', '640');
    expect(picture).toHaveAttribute('height', '480');
    expect(screen.getByRole('alert')).toHaveTextContent('Ви вичерпали місце для зображень і записів');
    expect(screen.getByRole('button', { name: 'Replace the picture' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Remove the picture' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });

  it('is busy while a picture is being stored', async () => {
    const { rendered } = render({ busy: true });
    await rendered;
    const choose = screen.getByRole('button', { name: 'Choose a picture' });
    expect(choose).toHaveAttribute('aria-busy', 'true');
    expect(choose).toHaveAttribute('aria-disabled', 'true');
  });
});

/** A stand-in for the browser's MediaRecorder (jsdom has none): its data arrives on stop. */
class FakeMediaRecorder {
  static supported = ['audio/webm;codecs=opus', 'audio/webm'];
  static isTypeSupported = (type: string) => FakeMediaRecorder.supported.includes(type);
  static last: FakeMediaRecorder | null = null;
  state: RecordingState = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
    FakeMediaRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['sound'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

describe('PronunciationRecorder', () => {
  let track: { stop: ReturnType<typeof vi.fn> };
  let getUserMedia: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    track = { stop: vi.fn() };
    getUserMedia = vi.fn(() => Promise.resolve({ getTracks: () => [track] }));
    Object.defineProperty(globalThis, 'MediaRecorder', { value: FakeMediaRecorder, configurable: true });
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'MediaRecorder');
    Reflect.deleteProperty(navigator, 'mediaDevices');
    FakeMediaRecorder.last = null;
    vi.useRealTimers();
  });

  const render = (props: Partial<Parameters<typeof PronunciationRecorder>[0]> = {}) => {
    const onSave = vi.fn((_file: Blob) => Promise.resolve());
    const onRemove = vi.fn();
    const rendered = renderWithProviders(
      <PronunciationRecorder term="كِتَاب" audio={null} onSave={onSave} onRemove={onRemove} {...props} />,
    );
    return { onSave, onRemove, rendered };
  };

  it('records, counts down, stops, plays back, records again and saves the recording', async () => {
    const { onSave, rendered } = render();
    const { user } = await rendered;
    await user.click(screen.getByRole('button', { name: 'Record' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Recording… 10 s left');
    expect(screen.getByTestId('countdown')).toHaveTextContent('10');
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(FakeMediaRecorder.last?.mimeType).toBe('audio/webm;codecs=opus');
    expect(screen.queryByRole('button', { name: 'Upload an audio file' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Recorded. Listen to it, then save it or record again.',
    );
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByTestId('recording-preview')).toHaveAccessibleName('New recording of “كِتَاب”');

    await user.click(screen.getByRole('button', { name: 'Record again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Recording… 10 s left');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await user.click(screen.getByRole('button', { name: 'Save the recording' }));

    expect(onSave).toHaveBeenCalledOnce();
    const saved = onSave.mock.calls[0]?.[0];
    expect(saved?.type).toBe('audio/webm');
    expect(saved?.size).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByTestId('recording-preview')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Record' })).toBeEnabled();
  });

  it('stops by itself before 10 seconds are up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { rendered } = render();
    await rendered;
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Recording… 10 s left')).toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Recording… 5 s left');
    await act(async () => {
      vi.advanceTimersByTime(4_900);
    });
    expect(FakeMediaRecorder.last?.state).toBe('inactive');
    expect(screen.getByRole('status')).toHaveTextContent('Recorded.');
  });

  it('says so when the microphone is refused, and an audio file can still be uploaded', async () => {
    getUserMedia.mockImplementation(() =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
    );
    const { onSave, rendered } = render();
    const { user } = await rendered;
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Wordhoard may not use the microphone. Allow it in the site settings, or upload an audio file.',
    );

    const upload = file('kitab.mp3', 'audio/mpeg');
    fireEvent.change(screen.getByTestId('audio-input'), { target: { files: [upload] } });
    await waitFor(() => expect(onSave).toHaveBeenCalledExactlyOnceWith(upload));
  });

  it('without MediaRecorder, says the browser cannot record; a wrong or too large file is refused', async () => {
    Reflect.deleteProperty(globalThis, 'MediaRecorder');
    const { onSave, rendered } = render();
    const { user } = await rendered;
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      "This browser can't record from a microphone; upload an audio file instead.",
    );
    expect(getUserMedia).not.toHaveBeenCalled();

    const input = screen.getByTestId('audio-input');
    fireEvent.change(input, { target: { files: [file('kitab.txt', 'text/plain')] } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Choose a WebM, Ogg, MP3, M4A, AAC or WAV recording.',
    );
    fireEvent.change(input, { target: { files: [file('kitab.wav', 'audio/wav', AUDIO_MAX_BYTES + 1)] } });
    expect(screen.getByRole('alert')).toHaveTextContent('This recording is larger than 1 MB.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('plays and removes the stored recording, and shows the server’s refusal', async () => {
    const { onRemove, rendered } = render({
      audio: { url: '/api/media/9a1c7e52-3b4d-4f6a-8e2b-1c0d9f8e7a65', durationMs: 1200 },
      error: 'Цей файл не схожий на запис звуку',
    });
    const { user } = await rendered;
    const player = screen.getByLabelText('Saved pronunciation of “كِتَاب”');
    expect(player).toHaveAttribute('src', '/api/media/9a1c7e52-3b4d-4f6a-8e2b-1c0d9f8e7a65');
    expect(screen.getByRole('alert')).toHaveTextContent('Цей файл не схожий на запис звуку');
    expect(screen.getByRole('button', { name: 'Record a new one' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove the recording' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });
});
