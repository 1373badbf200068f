/**
 * A small but realistic catalogue for tests: well-known titles (IMDb-style
 * ids, real years, original titles and genres) among a few thousand
 * generated look-alikes that share their words, so ranking has to work.
 */
import { popularityOf } from '../../search/popularity.ts';
import type { NewTitle } from './titles.repository.ts';

type Real = [id: string, type: 'movie' | 'tvSeries', title: string, original: string | null, year: number, genres: string, votes: number, rating: number];

export const REAL_TITLES: Real[] = [
  ['tt0068646', 'movie', 'The Godfather', null, 1972, 'Crime,Drama', 2000000, 9.2],
  // An obscure title that is exactly "godfather": the far more popular The Godfather still comes first.
  ['tt13130308', 'movie', 'GodFather', null, 2022, 'Action,Drama', 7000, 5.3],
  ['tt0071562', 'movie', 'The Godfather Part II', null, 1974, 'Crime,Drama', 1350000, 9.0],
  ['tt0099674', 'movie', 'The Godfather Part III', null, 1990, 'Crime,Drama', 420000, 7.6],
  // Obscure near-namesakes of famous films: a title that only begins with the words of a famous film's subtitle, one
  // that is exactly that subtitle, and one that is exactly a famous title but for a letter.
  ['tt9900001', 'movie', 'The Fellowship of the Ring Reloaded', null, 2019, 'Comedy', 3, 6.1],
  ['tt9900002', 'movie', 'Return of the King', null, 2007, 'Drama', 40, 5.2],
  ['tt9900003', 'movie', 'Return of the Kingdom', null, 2015, 'Action', 12, 4.9],
  ['tt0454921', 'movie', 'The Pursuit of Happyness', null, 2006, 'Biography,Drama', 530000, 8.0],
  ['tt9900004', 'movie', 'Pursuit of Happiness', null, 2001, 'Comedy,Romance', 900, 5.6],
  // Titles that begin with a number that is also a year: "2001" is first of all 2001: A Space Odyssey.
  ['tt0387575', 'movie', '2001 Maniacs', null, 2005, 'Comedy,Horror', 19000, 5.4],
  ['tt9900005', 'movie', '2001', null, 2015, 'Drama', 25, 6.0],
  ['tt0111161', 'movie', 'The Shawshank Redemption', null, 1994, 'Drama', 2900000, 9.3],
  ['tt0468569', 'movie', 'The Dark Knight', null, 2008, 'Action,Crime,Drama', 2800000, 9.0],
  // Has every word of "the dark night", apart: The Dark Knight, named through a typo, still comes first.
  ['tt2251281', 'movie', 'Dark Was the Night', null, 2014, 'Horror,Thriller,Drama', 10026, 5.7],
  // Inglourious Basterds (below), typed as it sounds, is also an obscure documentary's words.
  ['tt3320110', 'movie', 'The Real Inglorious Bastards', null, 2015, 'Documentary,War', 355, 6.9],
  ['tt0211915', 'movie', 'Amélie', "Le Fabuleux Destin d'Amélie Poulain", 2001, 'Comedy,Romance', 790000, 8.3],
  ['tt1160419', 'movie', 'Dune', null, 2021, 'Action,Adventure,Drama', 850000, 8.0],
  ['tt0087182', 'movie', 'Dune', null, 1984, 'Action,Adventure,Sci-Fi', 190000, 6.3],
  ['tt15239678', 'movie', 'Dune: Part Two', null, 2024, 'Action,Adventure,Drama', 600000, 8.5],
  ['tt0133093', 'movie', 'The Matrix', null, 1999, 'Action,Sci-Fi', 2100000, 8.7],
  ['tt0234215', 'movie', 'The Matrix Reloaded', null, 2003, 'Action,Sci-Fi', 650000, 7.2],
  ['tt0242653', 'movie', 'The Matrix Revolutions', null, 2003, 'Action,Sci-Fi', 540000, 6.7],
  ['tt0145487', 'movie', 'Spider-Man', null, 2002, 'Action,Adventure,Sci-Fi', 850000, 7.4],
  ['tt4633694', 'movie', 'Spider-Man: Into the Spider-Verse', null, 2018, 'Animation,Action,Adventure', 650000, 8.4],
  ['tt1049413', 'movie', 'Up', null, 2009, 'Animation,Adventure,Comedy', 1100000, 8.3],
  ['tt0108052', 'movie', "Schindler's List", null, 1993, 'Biography,Drama,History', 1450000, 9.0],
  ['tt8579674', 'movie', '1917', null, 2019, 'Action,Drama,War', 680000, 8.2],
  ['tt0062622', 'movie', '2001: A Space Odyssey', null, 1968, 'Adventure,Sci-Fi', 700000, 8.3],
  ['tt1013752', 'movie', 'Fast & Furious', null, 2009, 'Action,Crime,Thriller', 300000, 6.5],
  ['tt0245429', 'movie', 'Spirited Away', 'Sen to Chihiro no kamikakushi', 2001, 'Animation,Adventure,Family', 850000, 8.6],
  ['tt6751668', 'movie', 'Parasite', 'Gisaengchung', 2019, 'Drama,Thriller', 950000, 8.5],
  ['tt0118799', 'movie', 'Life Is Beautiful', 'La vita è bella', 1997, 'Comedy,Drama,Romance', 750000, 8.6],
  ['tt0457430', 'movie', "Pan's Labyrinth", 'El laberinto del fauno', 2006, 'Drama,Fantasy,War', 700000, 8.2],
  ['tt0056172', 'movie', 'Lawrence of Arabia', null, 1962, 'Adventure,Biography,Drama', 310000, 8.3],
  ['tt0109830', 'movie', 'Forrest Gump', null, 1994, 'Drama,Romance', 2300000, 8.8],
  ['tt0110912', 'movie', 'Pulp Fiction', null, 1994, 'Crime,Drama', 2200000, 8.9],
  ['tt0120737', 'movie', 'The Lord of the Rings: The Fellowship of the Ring', null, 2001, 'Action,Adventure,Drama', 2000000, 8.9],
  ['tt0167261', 'movie', 'The Lord of the Rings: The Two Towers', null, 2002, 'Action,Adventure,Drama', 1800000, 8.8],
  ['tt0167260', 'movie', 'The Lord of the Rings: The Return of the King', null, 2003, 'Action,Adventure,Drama', 1950000, 9.0],
  ['tt0076759', 'movie', 'Star Wars', null, 1977, 'Action,Adventure,Fantasy', 1400000, 8.6],
  ['tt0080684', 'movie', 'Star Wars: Episode V - The Empire Strikes Back', null, 1980, 'Action,Adventure,Fantasy', 1350000, 8.7],
  ['tt1375666', 'movie', 'Inception', null, 2010, 'Action,Adventure,Sci-Fi', 2600000, 8.8],
  ['tt0816692', 'movie', 'Interstellar', null, 2014, 'Adventure,Drama,Sci-Fi', 2200000, 8.7],
  ['tt0114369', 'movie', 'Se7en', null, 1995, 'Crime,Drama,Mystery', 1800000, 8.6],
  // Obscure titles that are exactly "seven": Se7en, written with a digit for a letter, is what is meant.
  ['tt9900011', 'movie', 'Seven', null, 2019, 'Thriller', 82, 4.1],
  ['tt9900012', 'movie', 'Seven', null, 2016, 'Drama', 0, 0],
  // A zero-vote namesake of Parasite, as the head of IMDb's dumps holds.
  ['tt9900013', 'movie', 'The Parasite', null, 1925, 'Drama', 0, 0],
  ['tt0137523', 'movie', 'Fight Club', null, 1999, 'Drama', 2300000, 8.8],
  ['tt0102926', 'movie', 'The Silence of the Lambs', null, 1991, 'Crime,Drama,Thriller', 1500000, 8.6],
  ['tt0120815', 'movie', 'Saving Private Ryan', null, 1998, 'Drama,War', 1500000, 8.6],
  ['tt0317248', 'movie', 'City of God', 'Cidade de Deus', 2002, 'Crime,Drama', 790000, 8.6],
  ['tt0910970', 'movie', 'WALL·E', null, 2008, 'Animation,Adventure,Family', 1200000, 8.4],
  ['tt0253474', 'movie', 'The Pianist', null, 2002, 'Biography,Drama,Music', 900000, 8.5],
  ['tt0407887', 'movie', 'The Departed', null, 2006, 'Crime,Drama,Thriller', 1400000, 8.5],
  ['tt0482571', 'movie', 'The Prestige', null, 2006, 'Drama,Mystery,Sci-Fi', 1400000, 8.5],
  ['tt0095327', 'movie', 'Grave of the Fireflies', 'Hotaru no haka', 1988, 'Animation,Drama,War', 300000, 8.5],
  ['tt0095765', 'movie', 'Cinema Paradiso', 'Nuovo Cinema Paradiso', 1988, 'Drama,Romance', 280000, 8.5],
  ['tt0047478', 'movie', 'Seven Samurai', 'Shichinin no samurai', 1954, 'Action,Drama', 370000, 8.6],
  ['tt0082971', 'movie', 'Raiders of the Lost Ark', null, 1981, 'Action,Adventure', 1000000, 8.4],
  ['tt0088763', 'movie', 'Back to the Future', null, 1985, 'Adventure,Comedy,Sci-Fi', 1300000, 8.5],
  ['tt0103064', 'movie', 'Terminator 2: Judgment Day', null, 1991, 'Action,Sci-Fi', 1150000, 8.6],
  ['tt0090605', 'movie', 'Aliens', null, 1986, 'Action,Adventure,Sci-Fi', 750000, 8.4],
  ['tt0078748', 'movie', 'Alien', null, 1979, 'Horror,Sci-Fi', 950000, 8.5],
  ['tt0081505', 'movie', 'The Shining', null, 1980, 'Drama,Horror', 1100000, 8.4],
  ['tt1853728', 'movie', 'Django Unchained', null, 2012, 'Drama,Western', 1700000, 8.5],
  ['tt0172495', 'movie', 'Gladiator', null, 2000, 'Action,Adventure,Drama', 1600000, 8.5],
  ['tt0114814', 'movie', 'The Usual Suspects', null, 1995, 'Crime,Drama,Mystery', 1150000, 8.5],
  ['tt0064116', 'movie', 'Once Upon a Time in the West', "C'era una volta il West", 1968, 'Western', 350000, 8.5],
  ['tt0060196', 'movie', 'The Good, the Bad and the Ugly', 'Il buono, il brutto, il cattivo', 1966, 'Adventure,Western', 800000, 8.8],
  ['tt0053125', 'movie', 'North by Northwest', null, 1959, 'Action,Adventure,Mystery', 340000, 8.3],
  ['tt0054215', 'movie', 'Psycho', null, 1960, 'Horror,Mystery,Thriller', 700000, 8.5],
  ['tt0038650', 'movie', "It's a Wonderful Life", null, 1946, 'Drama,Family,Fantasy', 480000, 8.6],
  ['tt1396484', 'movie', 'It', null, 2017, 'Horror', 600000, 7.3],
  ['tt0021749', 'movie', 'City Lights', null, 1931, 'Comedy,Drama,Romance', 200000, 8.5],
  ['tt0114709', 'movie', 'Toy Story', null, 1995, 'Animation,Adventure,Comedy', 1050000, 8.3],
  ['tt0435761', 'movie', 'Toy Story 3', null, 2010, 'Animation,Adventure,Comedy', 880000, 8.3],
  ['tt2380307', 'movie', 'Coco', null, 2017, 'Animation,Adventure,Comedy', 600000, 8.4],
  ['tt0266543', 'movie', 'Finding Nemo', null, 2003, 'Animation,Adventure,Comedy', 1100000, 8.2],
  ['tt0119217', 'movie', 'Good Will Hunting', null, 1997, 'Drama,Romance', 1050000, 8.3],
  ['tt0086190', 'movie', 'Star Wars: Episode VI - Return of the Jedi', null, 1983, 'Action,Adventure,Fantasy', 1100000, 8.3],
  ['tt0208092', 'movie', 'Snatch', null, 2000, 'Comedy,Crime', 900000, 8.2],
  ['tt0042876', 'movie', 'Rashomon', 'Rashômon', 1950, 'Crime,Drama,Mystery', 180000, 8.2],
  ['tt0119698', 'movie', 'Princess Mononoke', 'Mononoke-hime', 1997, 'Animation,Action,Adventure', 430000, 8.3],
  ['tt0087843', 'movie', 'Once Upon a Time in America', null, 1984, 'Crime,Drama', 370000, 8.3],
  ['tt0082096', 'movie', 'Das Boot', null, 1981, 'Drama,War', 260000, 8.4],
  ['tt0405094', 'movie', 'The Lives of Others', 'Das Leben der Anderen', 2006, 'Drama,Mystery,Thriller', 410000, 8.4],
  ['tt0169547', 'movie', 'American Beauty', null, 1999, 'Drama', 1200000, 8.3],
  ['tt0364569', 'movie', 'Oldboy', 'Oldeuboi', 2003, 'Action,Drama,Mystery', 630000, 8.4],
  ['tt5311514', 'movie', 'Your Name.', 'Kimi no na wa.', 2016, 'Animation,Drama,Fantasy', 330000, 8.4],
  ['tt0180093', 'movie', 'Requiem for a Dream', null, 2000, 'Drama', 900000, 8.3],
  ['tt0338013', 'movie', 'Eternal Sunshine of the Spotless Mind', null, 2004, 'Drama,Romance,Sci-Fi', 1100000, 8.3],
  ['tt0211933', 'movie', 'Crouching Tiger, Hidden Dragon', 'Wo hu cang long', 2000, 'Action,Adventure,Drama', 280000, 7.9],
  ['tt0093058', 'movie', 'Full Metal Jacket', null, 1987, 'Drama,War', 800000, 8.3],
  ['tt0070735', 'movie', 'The Sting', null, 1973, 'Comedy,Crime,Drama', 280000, 8.3],
  ['tt0112573', 'movie', 'Braveheart', null, 1995, 'Biography,Drama,History', 1100000, 8.3],
  ['tt0361748', 'movie', 'Inglourious Basterds', null, 2009, 'Adventure,Drama,War', 1500000, 8.4],
  ['tt0075314', 'movie', 'Taxi Driver', null, 1976, 'Crime,Drama', 900000, 8.2],
  ['tt0180073', 'movie', 'Quills', null, 2000, 'Biography,Drama', 50000, 7.2],
  ['tt0112384', 'movie', 'Apollo 13', null, 1995, 'Adventure,Drama,History', 300000, 7.7],
  ['tt6723592', 'movie', 'Tenet', null, 2020, 'Action,Sci-Fi,Thriller', 580000, 7.3],
  ['tt1745960', 'movie', 'Top Gun: Maverick', null, 2022, 'Action,Drama', 700000, 8.2],
  ['tt0092099', 'movie', 'Top Gun', null, 1986, 'Action,Drama', 400000, 6.9],
  ['tt15398776', 'movie', 'Oppenheimer', null, 2023, 'Biography,Drama,History', 800000, 8.3],
  ['tt1517268', 'movie', 'Barbie', null, 2023, 'Adventure,Comedy,Fantasy', 550000, 6.8],
  ['tt0103639', 'movie', 'Aladdin', null, 1992, 'Animation,Adventure,Comedy', 450000, 8.0],
  ['tt6139732', 'movie', 'Aladdin', null, 2019, 'Adventure,Comedy,Family', 290000, 6.9],
  ['tt0110357', 'movie', 'The Lion King', null, 1994, 'Animation,Adventure,Drama', 1100000, 8.5],
  ['tt6105098', 'movie', 'The Lion King', null, 2019, 'Animation,Adventure,Drama', 260000, 6.8],
  ['tt0120338', 'movie', 'Titanic', null, 1997, 'Drama,Romance', 1300000, 7.9],
  ['tt0499549', 'movie', 'Avatar', null, 2009, 'Action,Adventure,Fantasy', 1400000, 7.9],
  ['tt0848228', 'movie', 'The Avengers', null, 2012, 'Action,Sci-Fi', 1450000, 8.0],
  ['tt4154796', 'movie', 'Avengers: Endgame', null, 2019, 'Action,Adventure,Drama', 1250000, 8.4],
  ['tt0372784', 'movie', 'Batman Begins', null, 2005, 'Action,Crime,Drama', 1600000, 8.2],
  ['tt0096895', 'movie', 'Batman', null, 1989, 'Action,Adventure', 400000, 7.5],
  ['tt1877830', 'movie', 'The Batman', null, 2022, 'Action,Crime,Drama', 800000, 7.8],
  ['tt0097165', 'movie', 'Dead Poets Society', null, 1989, 'Comedy,Drama', 530000, 8.1],
  ['tt0046912', 'movie', 'Dial M for Murder', null, 1954, 'Crime,Thriller', 180000, 8.2],
  ['tt0017136', 'movie', 'Metropolis', null, 1927, 'Drama,Sci-Fi', 190000, 8.3],
  ['tt0032553', 'movie', 'The Great Dictator', null, 1940, 'Comedy,Drama,War', 230000, 8.4],
  ['tt0050083', 'movie', '12 Angry Men', null, 1957, 'Crime,Drama', 900000, 9.0],
  ['tt0119488', 'movie', 'L.A. Confidential', null, 1997, 'Crime,Drama,Mystery', 600000, 8.2],
  ['tt0209144', 'movie', 'Memento', null, 2000, 'Mystery,Thriller', 1300000, 8.4],
  ['tt2582802', 'movie', 'Whiplash', null, 2014, 'Drama,Music', 950000, 8.5],
  ['tt0993846', 'movie', 'The Wolf of Wall Street', null, 2013, 'Biography,Comedy,Crime', 1550000, 8.2],
  ['tt0264464', 'movie', 'Catch Me If You Can', null, 2002, 'Biography,Crime,Drama', 1050000, 8.1],
  ['tt0107290', 'movie', 'Jurassic Park', null, 1993, 'Action,Adventure,Sci-Fi', 1050000, 8.2],
  ['tt0073486', 'movie', "One Flew Over the Cuckoo's Nest", null, 1975, 'Drama', 1050000, 8.7],
  ['tt0093779', 'movie', 'The Princess Bride', null, 1987, 'Adventure,Family,Fantasy', 450000, 8.0],
  ['tt0118715', 'movie', 'The Big Lebowski', null, 1998, 'Comedy,Crime', 850000, 8.1],
  ['tt0113277', 'movie', 'Heat', null, 1995, 'Action,Crime,Drama', 700000, 8.3],
  ['tt0040522', 'movie', 'Bicycle Thieves', 'Ladri di biciclette', 1948, 'Drama', 170000, 8.3],
  ['tt0050825', 'movie', 'Paths of Glory', null, 1957, 'Drama,War', 210000, 8.4],
  ['tt0071853', 'movie', 'Monty Python and the Holy Grail', null, 1975, 'Adventure,Comedy,Fantasy', 560000, 8.2],
  ['tt0086879', 'movie', 'Amadeus', null, 1984, 'Biography,Drama,Music', 420000, 8.4],
  ['tt0057012', 'movie', 'Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb', null, 1964, 'Comedy,War', 500000, 8.4],
  ['tt0903747', 'tvSeries', 'Breaking Bad', null, 2008, 'Crime,Drama,Thriller', 2100000, 9.5],
  ['tt0944947', 'tvSeries', 'Game of Thrones', null, 2011, 'Action,Adventure,Drama', 2300000, 9.2],
  ['tt4574334', 'tvSeries', 'Stranger Things', null, 2016, 'Drama,Fantasy,Horror', 1300000, 8.7],
  ['tt0141842', 'tvSeries', 'The Sopranos', null, 1999, 'Crime,Drama', 500000, 9.2],
  ['tt0306414', 'tvSeries', 'The Wire', null, 2002, 'Crime,Drama,Thriller', 380000, 9.3],
  ['tt0108778', 'tvSeries', 'Friends', null, 1994, 'Comedy,Romance', 1100000, 8.9],
  ['tt0386676', 'tvSeries', 'The Office', null, 2005, 'Comedy', 700000, 9.0],
  ['tt2861424', 'tvSeries', 'Rick and Morty', null, 2013, 'Animation,Adventure,Comedy', 600000, 9.1],
  ['tt5491994', 'tvSeries', 'Planet Earth II', null, 2016, 'Documentary', 160000, 9.5],
  ['tt7366338', 'tvSeries', 'Chernobyl', null, 2019, 'Drama,History,Thriller', 900000, 9.3],
  ['tt1475582', 'tvSeries', 'Sherlock', null, 2010, 'Crime,Drama,Mystery', 1000000, 9.1],
  ['tt2356777', 'tvSeries', 'True Detective', null, 2014, 'Crime,Drama,Mystery', 650000, 8.9],
  ['tt1190634', 'tvSeries', 'The Boys', null, 2019, 'Action,Comedy,Crime', 700000, 8.7],
  ['tt6468322', 'tvSeries', 'Money Heist', 'La casa de papel', 2017, 'Action,Crime,Drama', 540000, 8.2],
  ['tt5753856', 'tvSeries', 'Dark', null, 2017, 'Crime,Drama,Mystery', 450000, 8.7],
  ['tt10919420', 'tvSeries', 'Squid Game', 'Ojing-eo geim', 2021, 'Action,Drama,Thriller', 550000, 8.0],
  ['tt0098904', 'tvSeries', 'Seinfeld', null, 1989, 'Comedy', 340000, 8.9],
  ['tt0475784', 'tvSeries', 'Westworld', null, 2016, 'Drama,Mystery,Sci-Fi', 530000, 8.5],
  ['tt2442560', 'tvSeries', 'Peaky Blinders', null, 2013, 'Crime,Drama', 650000, 8.8],
  ['tt3032476', 'tvSeries', 'Better Call Saul', null, 2015, 'Crime,Drama', 650000, 9.0],
  ['tt2395695', 'tvSeries', 'Cosmos: A Spacetime Odyssey', null, 2014, 'Documentary', 130000, 9.3],
  ['tt11198330', 'tvSeries', 'House of the Dragon', null, 2022, 'Action,Adventure,Drama', 450000, 8.4],
  ['tt8111088', 'tvSeries', 'The Mandalorian', null, 2019, 'Action,Adventure,Fantasy', 600000, 8.7],
  ['tt0773262', 'tvSeries', 'Dexter', null, 2006, 'Crime,Drama,Mystery', 780000, 8.6],
  ['tt0411008', 'tvSeries', 'Lost', null, 2004, 'Adventure,Drama,Fantasy', 600000, 8.3],
  ['tt0460649', 'tvSeries', 'How I Met Your Mother', null, 2005, 'Comedy,Romance', 730000, 8.3],
  ['tt1520211', 'tvSeries', 'The Walking Dead', null, 2010, 'Drama,Horror,Thriller', 1100000, 8.1],
  ['tt0412142', 'tvSeries', 'House', 'House M.D.', 2004, 'Drama,Mystery', 500000, 8.7],
  ['tt1439629', 'tvSeries', 'Community', null, 2009, 'Comedy', 280000, 8.5],
  ['tt2085059', 'tvSeries', 'Black Mirror', null, 2011, 'Crime,Drama,Mystery', 650000, 8.7],
  ['tt0185906', 'tvSeries', 'Band of Brothers', null, 2001, 'Drama,History,War', 530000, 9.4],
  // A number written out in the title: "brooklyn 99".
  ['tt2467372', 'tvSeries', 'Brooklyn Nine-Nine', null, 2013, 'Comedy,Crime', 340000, 8.4],
  ['tt0417299', 'tvSeries', 'Avatar: The Last Airbender', null, 2005, 'Animation,Action,Adventure', 370000, 9.3],
  ['tt1355642', 'tvSeries', 'Fullmetal Alchemist: Brotherhood', 'Hagane no renkinjutsushi', 2009, 'Animation,Action,Adventure', 200000, 9.1],
  ['tt2560140', 'tvSeries', 'Attack on Titan', 'Shingeki no kyojin', 2013, 'Animation,Action,Adventure', 520000, 9.1],
  ['tt0903748', 'tvSeries', 'Le Bureau des Légendes', null, 2015, 'Drama,Thriller', 20000, 8.6],
  ['tt13443470', 'tvSeries', 'Wednesday', null, 2022, 'Comedy,Crime,Fantasy', 400000, 8.1],
  ['tt9253284', 'tvSeries', 'Andor', null, 2022, 'Action,Adventure,Drama', 230000, 8.4],
  ['tt14452776', 'tvSeries', 'The Bear', null, 2022, 'Comedy,Drama', 250000, 8.5],
  ['tt1586680', 'tvSeries', 'Shameless', null, 2011, 'Comedy,Drama', 260000, 8.5],
  ['tt0388629', 'tvSeries', 'One Piece', 'Wan pîsu', 1999, 'Animation,Action,Adventure', 230000, 9.0],
  ['tt11280740', 'tvSeries', 'Severance', null, 2022, 'Drama,Mystery,Sci-Fi', 260000, 8.7],
  ['tt0096697', 'tvSeries', 'The Simpsons', null, 1989, 'Animation,Comedy', 430000, 8.7],
  ['tt1632701', 'tvSeries', 'Suits', null, 2011, 'Comedy,Drama', 450000, 8.4],
  ['tt4786824', 'tvSeries', 'The Crown', null, 2016, 'Biography,Drama,History', 250000, 8.6],
  ['tt9140554', 'tvSeries', 'Loki', null, 2021, 'Action,Adventure,Fantasy', 380000, 8.2],
];

/**
 * More well-known titles for the tests: sequels whose number is written as a roman numeral or as digits. Apart from
 * REAL_TITLES because the discovery benchmark's generated catalogue (bench/discovery-catalogue.ts) is made with those
 * alone, and stays the same catalogue.
 */
export const SEQUEL_TITLES: Real[] = [
  ['tt0096874', 'movie', 'Back to the Future Part II', null, 1989, 'Adventure,Comedy,Sci-Fi', 560000, 7.8],
  ['tt0075148', 'movie', 'Rocky', null, 1976, 'Drama,Sport', 650000, 8.1],
  ['tt0079817', 'movie', 'Rocky II', null, 1979, 'Drama,Sport', 220000, 7.3],
  ['tt0084602', 'movie', 'Rocky III', null, 1982, 'Drama,Sport', 230000, 6.8],
  ['tt0126029', 'movie', 'Shrek', null, 2001, 'Animation,Adventure,Comedy', 750000, 7.9],
  ['tt0298148', 'movie', 'Shrek 2', null, 2004, 'Animation,Adventure,Comedy', 500000, 7.3],
  ['tt0325980', 'movie', 'Pirates of the Caribbean: The Curse of the Black Pearl', null, 2003, 'Action,Adventure,Fantasy', 1200000, 8.1],
  ['tt1392170', 'movie', 'The Hunger Games', null, 2012, 'Action,Adventure,Sci-Fi', 1000000, 7.2],
  ['tt1951264', 'movie', 'The Hunger Games: Catching Fire', null, 2013, 'Action,Adventure,Sci-Fi', 720000, 7.5],
  ['tt1951265', 'movie', 'The Hunger Games: Mockingjay - Part 1', null, 2014, 'Action,Adventure,Sci-Fi', 480000, 6.6],
  ['tt1951266', 'movie', 'The Hunger Games: Mockingjay - Part 2', null, 2015, 'Action,Adventure,Sci-Fi', 370000, 6.6],
];

/** Words for generated titles: deliberately overlapping the real titles' words. */
const WORDS = [
  'dark', 'night', 'city', 'lost', 'star', 'war', 'wars', 'king', 'queen', 'matrix', 'dune', 'godfather', 'last', 'first', 'return', 'rings',
  'lord', 'shadow', 'blood', 'river', 'house', 'dragon', 'ocean', 'love', 'death', 'life', 'beautiful', 'secret', 'garden', 'silent', 'empire',
  'red', 'blue', 'green', 'black', 'white', 'golden', 'iron', 'steel', 'fire', 'ice', 'storm', 'winter', 'summer', 'paradise', 'heaven', 'hell',
  'man', 'woman', 'boy', 'girl', 'child', 'brothers', 'sisters', 'family', 'story', 'legend', 'tale', 'song', 'dream', 'dreams', 'road', 'home',
  'journey', 'escape', 'hunter', 'killer', 'spider', 'wolf', 'tiger', 'lion', 'eagle', 'space', 'odyssey', 'alien', 'planet', 'moon', 'sun',
  'amelia', 'parasites', 'inception', 'interstate', 'fight', 'club', 'pulp', 'heat', 'top', 'gun', 'avatar', 'batman', 'up', 'it', 'coco',
];
const GENRES = ['Action', 'Adventure', 'Animation', 'Biography', 'Comedy', 'Crime', 'Documentary', 'Drama', 'Family', 'Fantasy', 'History', 'Horror', 'Music', 'Mystery', 'Romance', 'Sci-Fi', 'Thriller', 'War', 'Western'];

/** Deterministic pseudo-random numbers (mulberry32). */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function realTitle([id, type, title, original, year, genres, votes, rating]: Real): NewTitle {
  return {
    id,
    titleType: type,
    primaryTitle: title,
    originalTitle: original ?? title,
    startYear: year,
    releaseDate: `${year}-06-15`,
    genres: genres.split(','),
    imdbRating: rating,
    imdbVotes: votes,
    popularity: popularityOf(votes, null),
    runtimeMinutes: type === 'movie' ? 120 : 50,
    seasons: type === 'tvSeries' ? 3 : null,
    plot: `${title} (${year}).`,
    people:
      type === 'movie'
        ? [
            { name: `Director of ${title}`, role: 'director' },
            { name: `Lead of ${title}`, role: 'actor', character: 'Hero' },
          ]
        : [{ name: `Creator of ${title}`, role: 'creator' }],
  };
}

/** Generated look-alikes: less popular than the real titles on average, but some are popular. */
export function generatedTitles(count: number, seed = 7): NewTitle[] {
  const rand = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const out: NewTitle[] = [];
  for (let i = 0; i < count; i++) {
    const words = 1 + Math.floor(rand() * 3);
    const parts: string[] = [];
    if (rand() < 0.3) parts.push('The');
    for (let w = 0; w < words; w++) {
      const word = pick(WORDS);
      parts.push(word[0].toUpperCase() + word.slice(1));
    }
    if (rand() < 0.1) parts.push(String(2 + Math.floor(rand() * 3)));
    const type = rand() < 0.75 ? 'movie' : 'tvSeries';
    const votes = Math.floor(rand() ** 4 * 300000);
    const year = 1930 + Math.floor(rand() * 94);
    const g1 = pick(GENRES);
    const g2 = pick(GENRES);
    out.push({
      id: `tx${String(i).padStart(7, '0')}`,
      titleType: type,
      primaryTitle: parts.join(' '),
      startYear: year,
      releaseDate: rand() < 0.5 ? `${year}-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}` : null,
      genres: g1 === g2 ? [g1] : [g1, g2],
      imdbRating: votes > 0 ? Math.round((3 + rand() * 6) * 10) / 10 : null,
      imdbVotes: votes,
      popularity: popularityOf(votes, null),
      people: type === 'movie' ? [{ name: `Director ${i}`, role: 'director' }] : [{ name: `Creator ${i}`, role: 'creator' }],
    });
  }
  return out;
}

/** The relevance catalogue: the real titles plus 3,000 generated ones. */
export function fixtureCatalogue(): NewTitle[] {
  return [...REAL_TITLES.map(realTitle), ...SEQUEL_TITLES.map(realTitle), ...generatedTitles(3000)];
}
