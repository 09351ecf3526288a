import { Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** The part of the browser's BarcodeDetector (Shape Detection API) used here. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** The browser's BarcodeDetector, where it has one. */
function barcodeDetector(): BarcodeDetectorConstructor | null {
  const detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  return typeof detector === 'function' ? detector : null;
}

/** How often a frame of the camera is looked at. */
const SCAN_EVERY_MS = 300;

/** The camera's picture, read until a QR code is seen (then `onScan`) or the dialog is closed. */
function CameraView({ onScan }: { onScan: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const scanned = useRef(onScan);
  useEffect(() => {
    scanned.current = onScan;
  });

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | null = null;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        if (stopped) {
          media.getTracks().forEach((t) => t.stop());
          return;
        }
        stream = media;
        const element = video.current;
        if (!element) return;
        element.srcObject = media;
        await element.play();
        timer = setInterval(() => {
          detector
            .detect(element)
            .then((codes) => {
              const text = codes[0]?.rawValue;
              if (text && !stopped) scanned.current(text);
            })
            .catch(() => undefined);
        }, SCAN_EVERY_MS);
      })
      .catch(() => setError('无法打开摄像头，请检查浏览器的摄像头权限，或粘贴二维码链接。'));
    return () => {
      stopped = true;
      if (timer !== null) clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return error ? (
    <Text c="red" size="sm" role="alert">
      {error}
    </Text>
  ) : (
    <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8 }} aria-label="摄像头画面" />
  );
}

/**
 * 摄像头扫码: only where the browser can read QR codes itself (BarcodeDetector) — no library is
 * loaded for it; elsewhere the page's paste field (or the phone's own scanner) does.
 */
export function CameraScanButton({ onScan }: { onScan: (text: string) => void }) {
  const [opened, setOpened] = useState(false);
  if (!barcodeDetector() || !('mediaDevices' in navigator)) return null;
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        摄像头扫码
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="扫描听课二维码" centered>
        <Stack gap="sm">
          {opened && (
            <CameraView
              onScan={(text) => {
                setOpened(false);
                onScan(text);
              }}
            />
          )}
          <Text size="xs" c="dimmed">
            将课堂上展示的听课二维码置于画面中
          </Text>
        </Stack>
      </Modal>
    </>
  );
}
