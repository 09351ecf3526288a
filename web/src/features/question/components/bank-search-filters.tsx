import { Select } from '@mantine/core';
import { KeywordSearch } from '@/features/teaching/components/list-filters';
import type { QuestionClassResult } from '@/generated/QuestionClassResult';
import type { BankCodes } from '../hooks/use-bank-codes';
import type { BankFilters } from '../hooks/use-bank-search';
import { FacetFilter } from './facet-filter';

export interface BankSearchFiltersProps {
  codes: BankCodes;
  filters: BankFilters;
  onChange: (patch: Partial<BankFilters>) => void;
  /** What the search finds by type and difficulty (paper/class/search); undefined while unknown. */
  counts: QuestionClassResult | undefined;
}

/** A bank search's words, source and order, then its type and difficulty, each with what it finds. */
export function BankSearchFilters({ codes, filters, onChange, counts }: BankSearchFiltersProps) {
  return (
    <>
      <KeywordSearch
        placeholder="题干、选项或解析中的词"
        value={filters.keyword}
        onSearch={(keyword) => onChange({ keyword })}
      >
        <Select
          size="xs"
          label="来源"
          w={120}
          data={codes.sources.map((s) => ({ value: String(s.code), label: s.name }))}
          value={String(filters.source)}
          allowDeselect={false}
          onChange={(v) => v && onChange({ source: Number(v) })}
        />
        <Select
          size="xs"
          label="排序"
          w={120}
          data={codes.orders.map((s) => ({ value: String(s.code), label: s.name }))}
          value={String(filters.order)}
          allowDeselect={false}
          onChange={(v) => v && onChange({ order: Number(v) })}
        />
      </KeywordSearch>
      <FacetFilter
        label="题型"
        options={codes.types}
        value={filters.typeId}
        onChange={(typeId) => onChange({ typeId })}
        facets={counts?.types}
      />
      <FacetFilter
        label="难度"
        options={codes.difficulties}
        value={filters.difficulty}
        onChange={(difficulty) => onChange({ difficulty })}
        facets={counts?.difficulties}
      />
    </>
  );
}
