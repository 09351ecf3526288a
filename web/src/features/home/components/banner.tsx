import { Box, CloseButton, Group, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Banner as BannerItem } from '@/generated/Banner';
import type { BannerInfo } from '@/generated/BannerInfo';
import { Timing } from '@/generated/codes';
import classes from './banner.module.css';

export interface BannerProps {
  info: BannerInfo;
  onClose: () => void;
}

function Slide({ banner, index }: { banner: BannerItem; index: number }) {
  const open = () => {
    if (banner.redirectUrl) window.open(banner.redirectUrl, '_blank', 'noopener');
  };
  return (
    <UnstyledButton
      className={classes.slide}
      style={{ backgroundColor: banner.bannerBackgroundColor || undefined }}
      onClick={open}
      aria-label={`横幅 ${index + 1}`}
    >
      <img src={banner.bannerImgUrl} alt="" className={classes.image} />
    </UnstyledButton>
  );
}

/**
 * The home banner: one banner alone; two or more as an autoplay looping carousel with pagination
 * (3000 ms, or the server's rotation time). Hidden when the user or the server closed it.
 */
export function Banner({ info, onClose }: BannerProps) {
  const list = info.bannerList;
  const [index, setIndex] = useState(0);
  const delay = info.rotationTime > 0 ? info.rotationTime : Timing.BANNER_AUTOPLAY_MS;
  const carousel = list.length > 1;

  useEffect(() => {
    if (!carousel) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % list.length), delay);
    return () => clearInterval(timer);
  }, [carousel, delay, list.length, index]);

  if (info.homePageBannerClose || info.userCloseBanner || list.length === 0) return null;
  const current = list[Math.min(index, list.length - 1)];
  if (!current) return null;

  return (
    <Box
      className={classes.root}
      role="region"
      aria-roledescription={carousel ? 'carousel' : undefined}
      aria-label="横幅"
    >
      <Slide banner={current} index={index} />
      <CloseButton className={classes.close} aria-label="关闭横幅" onClick={onClose} />
      {carousel && (
        <Group gap={6} className={classes.pagination}>
          {list.map((_, i) => (
            <UnstyledButton
              key={i}
              className={classes.dot}
              data-active={i === index || undefined}
              aria-label={`第 ${i + 1} 张`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </Group>
      )}
    </Box>
  );
}
