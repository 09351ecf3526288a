import { Box } from '@mantine/core';
import type { DriveItem } from '@/generated/DriveItem';
import { iconOf } from '../drive-dict';

/** An item's icon by its type and icon code (03 §3), named by what it is. */
export function DriveIcon({
  item,
  size = 22,
}: {
  item: Pick<DriveItem, 'typeCode' | 'iconCode' | 'ext' | 'linkUrl'>;
  size?: number;
}) {
  const spec = iconOf(item);
  if (!spec.mark) {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" role="img" aria-label={spec.label} style={{ flex: 'none' }}>
        <path d="M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" fill={spec.color} />
      </svg>
    );
  }
  return (
    <Box
      role="img"
      aria-label={spec.label}
      w={size}
      h={size}
      style={{
        flex: 'none',
        borderRadius: 4,
        background: spec.color,
        color: 'white',
        fontSize: spec.mark.length > 2 ? 8 : 11,
        fontWeight: 700,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        lineHeight: 1,
      }}
    >
      {spec.mark}
    </Box>
  );
}
