import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { NO_SPACES_FOUND_KEY } from '../space-search';
import { Button } from '../../../components/Button';
import { FieldError } from '../../../components/form/FieldError';
import { useStores } from '../../../shared/stores/StoresProvider';
import { SpaceRow } from './SpaceRow';

/** 'Space Number' + FIND THIS SPACE (the keyword is required). */
export const SpaceSearchForm = observer(function SpaceSearchForm() {
  const { t } = useTranslation();
  const { spaceSearch } = useStores().units;
  return (
    <form
      className="space-search"
      role="search"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        spaceSearch.search();
      }}
    >
      <label className="space-search__label" htmlFor="space-search-input">
        {t('browse.search.space_number')}
      </label>
      <div className="space-search__row">
        <input
          id="space-search-input"
          className="space-search__input"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          data-keyboard="compact"
          value={spaceSearch.keyword}
          aria-invalid={spaceSearch.error !== null}
          aria-describedby={spaceSearch.error ? 'space-search-error' : undefined}
          onChange={(event) => spaceSearch.setKeyword(event.target.value)}
        />
        <Button type="submit" className="space-search__submit">
          {t('browse.search.find_this_space')}
        </Button>
      </div>
      <FieldError id="space-search-error" message={spaceSearch.error ? t('common.field.required') : null} />
    </form>
  );
});

/** Results of the last search (an exact door match first), or 'No spaces found'. */
export const SpaceSearchResults = observer(function SpaceSearchResults() {
  const { t } = useTranslation();
  const { spaceSearch } = useStores().units;
  if (spaceSearch.searchedKeyword === null) return null;
  const results = spaceSearch.results;
  return (
    <section className="search-results" aria-labelledby="search-results-title">
      <div className="unit-group__head">
        <h2 id="search-results-title" className="unit-group__title">
          {t('browse.search.results', { keyword: spaceSearch.searchedKeyword })}
        </h2>
        <Button variant="secondary" onClick={spaceSearch.clear}>
          {t('common.close')}
        </Button>
      </div>
      {results.length === 0 ? (
        <p className="search-results__none" role="status">
          {t(NO_SPACES_FOUND_KEY)}
        </p>
      ) : (
        <ul className="space-list">
          {results.map((result) => (
            <SpaceRow key={result.space.door_id} space={result.space} unit={result.unit} fromSearch />
          ))}
        </ul>
      )}
    </section>
  );
});
