/**
 * Search relevance: what a fan types, and the title that must come first.
 * Run by titles.relevance.test.ts against titles.fixtures.ts (>= 95% must pass).
 */
export interface RelevanceCase {
  query: string;
  expect: string;
  titleType?: 'movie' | 'tvSeries';
  why: string;
}

export const RELEVANCE_CASES: RelevanceCase[] = [
  // exact titles
  { query: 'The Godfather', expect: 'tt0068646', why: 'exact title' },
  { query: 'the godfather', expect: 'tt0068646', why: 'case' },
  { query: 'Dune', expect: 'tt1160419', why: 'exact title, more popular of two' },
  { query: 'Up', expect: 'tt1049413', why: 'two-letter exact title' },
  { query: 'It', expect: 'tt1396484', why: 'two-letter exact title among many words "it"' },
  { query: 'Alien', expect: 'tt0078748', why: 'exact beats the more popular prefix Aliens' },
  { query: 'Aliens', expect: 'tt0090605', why: 'exact' },
  { query: 'Batman', expect: 'tt0096895', why: 'exact beats more popular Batman Begins' },
  { query: 'The Batman', expect: 'tt1877830', why: 'exact with article' },
  { query: 'Heat', expect: 'tt0113277', why: 'exact single word' },
  { query: 'Top Gun', expect: 'tt0092099', why: 'exact beats more popular Top Gun: Maverick' },
  { query: 'Star Wars', expect: 'tt0076759', why: 'exact' },
  { query: 'House', expect: 'tt0412142', titleType: 'tvSeries', why: 'exact series' },
  { query: 'Dark', expect: 'tt5753856', titleType: 'tvSeries', why: 'exact series among many "dark"' },
  { query: 'Coco', expect: 'tt2380307', why: 'exact' },
  { query: '1917', expect: 'tt8579674', why: 'a number that is a title' },
  { query: '12 angry men', expect: 'tt0050083', why: 'number in title' },
  { query: 'Se7en', expect: 'tt0114369', why: 'digits inside a word' },
  // prefixes (typing in progress)
  { query: 'godf', expect: 'tt0068646', why: 'prefix' },
  { query: 'shawsh', expect: 'tt0111161', why: 'prefix' },
  { query: 'the dark kn', expect: 'tt0468569', why: 'multi-word prefix' },
  { query: 'interst', expect: 'tt0816692', why: 'prefix, popular beats generated Interstate' },
  { query: 'breaking', expect: 'tt0903747', why: 'prefix of a series' },
  { query: 'game of thr', expect: 'tt0944947', why: 'prefix' },
  { query: 'stranger th', expect: 'tt4574334', why: 'prefix' },
  { query: 'lord of the rings ret', expect: 'tt0167260', why: 'long prefix' },
  { query: 'inglourious', expect: 'tt0361748', why: 'full word' },
  { query: 'eternal sun', expect: 'tt0338013', why: 'prefix' },
  { query: 'oppen', expect: 'tt15398776', why: 'prefix' },
  { query: 'whipl', expect: 'tt2582802', why: 'prefix' },
  // typos
  { query: 'godfathr', expect: 'tt0068646', why: 'missing letter' },
  { query: 'godfather', expect: 'tt0068646', why: 'far more popular after its article than an obscure exact GodFather' },
  { query: 'the godfater', expect: 'tt0068646', why: 'missing letter after article' },
  { query: 'shawshank redemtion', expect: 'tt0111161', why: 'missing letter' },
  { query: 'interstelar', expect: 'tt0816692', why: 'missing double letter' },
  { query: 'incpetion', expect: 'tt1375666', why: 'swapped letters' },
  { query: 'gladiater', expect: 'tt0172495', why: 'wrong vowel' },
  { query: 'braking bad', expect: 'tt0903747', why: 'missing letter' },
  { query: 'shindlers list', expect: 'tt0108052', why: 'missing letter' },
  { query: 'pulp fictoin', expect: 'tt0110912', why: 'swapped letters' },
  { query: 'forest gump', expect: 'tt0109830', why: 'missing double letter' },
  { query: 'jurasic park', expect: 'tt0107290', why: 'missing double letter' },
  { query: 'chernobil', expect: 'tt7366338', why: 'wrong letter' },
  { query: 'oppenhiemer', expect: 'tt15398776', why: 'swapped letters' },
  // accents, punctuation, original titles
  { query: 'amelie', expect: 'tt0211915', why: 'missing accent' },
  { query: 'Amélie', expect: 'tt0211915', why: 'accent typed' },
  { query: 'fabuleux destin', expect: 'tt0211915', why: 'original title' },
  { query: 'la vita e bella', expect: 'tt0118799', why: 'original title without accent' },
  { query: 'el laberinto del fauno', expect: 'tt0457430', why: 'original title' },
  { query: 'sen to chihiro', expect: 'tt0245429', why: 'original title prefix' },
  { query: 'gisaengchung', expect: 'tt6751668', why: 'original title' },
  { query: 'la casa de papel', expect: 'tt6468322', why: 'original title of a series' },
  { query: 'das leben der anderen', expect: 'tt0405094', why: 'original title' },
  { query: 'cidade de deus', expect: 'tt0317248', why: 'original title' },
  { query: "schindler's list", expect: 'tt0108052', why: 'apostrophe typed' },
  { query: 'schindlers list', expect: 'tt0108052', why: 'apostrophe left out' },
  { query: 'spiderman', expect: 'tt0145487', why: 'hyphen left out' },
  { query: 'spider man', expect: 'tt0145487', why: 'hyphen as a space' },
  { query: 'wall-e', expect: 'tt0910970', why: 'punctuation differs (WALL·E)' },
  { query: 'fast and furious', expect: 'tt1013752', why: '& read as and' },
  { query: 'le bureau des legendes', expect: 'tt0903748', why: 'accents' },
  { query: 'rashomon', expect: 'tt0042876', why: 'original title accent' },
  // years
  { query: 'dune 2021', expect: 'tt1160419', why: 'year picks the remake' },
  { query: 'dune 1984', expect: 'tt0087182', why: 'year picks the original' },
  { query: 'aladdin 2019', expect: 'tt6139732', why: 'year picks the remake' },
  { query: 'lion king 1994', expect: 'tt0110357', why: 'year without article' },
  { query: 'the lion king 2019', expect: 'tt6105098', why: 'year' },
  { query: '2001 a space odyssey', expect: 'tt0062622', why: 'year-like number that is a title word' },
  { query: 'batman 1989', expect: 'tt0096895', why: 'year' },
  // words anywhere, type filter
  { query: 'return of the king', expect: 'tt0167260', why: 'words from the middle of a title' },
  { query: 'empire strikes back', expect: 'tt0080684', why: 'subtitle' },
  { query: 'judgment day', expect: 'tt0103064', why: 'subtitle' },
  { query: 'dune part', expect: 'tt15239678', why: 'sequel by its subtitle word' },
  { query: 'avatar', expect: 'tt0499549', titleType: 'movie', why: 'type filter keeps movies' },
  { query: 'last airbender', expect: 'tt0417299', titleType: 'tvSeries', why: 'words from a subtitle, series only' },
  { query: 'lost', expect: 'tt0411008', titleType: 'tvSeries', why: 'exact series' },
  { query: 'office', expect: 'tt0386676', why: 'word without article' },
  { query: 'mononoke', expect: 'tt0119698', why: 'original title word' },
];
