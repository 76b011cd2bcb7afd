import type { Random } from '#server/db/seed/random';

/** Real cities with their centre coordinates, a phone pattern and a few real street names. */
export interface City {
  name: string;
  country: string;
  lat: number;
  lng: number;
  /** the phone number without its last digits, e.g. "+351 21" */
  phonePrefix: string;
  /** digit groups after the prefix, e.g. [3, 4] gives "+351 21 123 4567" */
  phoneGroups: number[];
  streets: string[];
  /** how a street and a number make an address line */
  format: 'number-first' | 'number-last' | 'comma-number';
}

const CITIES: City[] = [
  {
    name: 'New York',
    country: 'US',
    lat: 40.7128,
    lng: -74.006,
    phonePrefix: '+1 212 555',
    phoneGroups: [4],
    streets: ['Broadway', 'West 72nd Street', 'Lexington Avenue', 'Bleecker Street'],
    format: 'number-first',
  },
  {
    name: 'Los Angeles',
    country: 'US',
    lat: 34.0522,
    lng: -118.2437,
    phonePrefix: '+1 213 555',
    phoneGroups: [4],
    streets: ['Sunset Boulevard', 'Wilshire Boulevard', 'Melrose Avenue', 'South Spring Street'],
    format: 'number-first',
  },
  {
    name: 'Chicago',
    country: 'US',
    lat: 41.8781,
    lng: -87.6298,
    phonePrefix: '+1 312 555',
    phoneGroups: [4],
    streets: ['North Clark Street', 'West Armitage Avenue', 'South Michigan Avenue'],
    format: 'number-first',
  },
  {
    name: 'Austin',
    country: 'US',
    lat: 30.2672,
    lng: -97.7431,
    phonePrefix: '+1 512 555',
    phoneGroups: [4],
    streets: ['South Congress Avenue', 'East 6th Street', 'Barton Springs Road'],
    format: 'number-first',
  },
  {
    name: 'Seattle',
    country: 'US',
    lat: 47.6062,
    lng: -122.3321,
    phonePrefix: '+1 206 555',
    phoneGroups: [4],
    streets: ['Pike Street', 'Fremont Avenue North', 'Queen Anne Avenue North'],
    format: 'number-first',
  },
  {
    name: 'London',
    country: 'GB',
    lat: 51.5074,
    lng: -0.1278,
    phonePrefix: '+44 20 7946',
    phoneGroups: [4],
    streets: ['Upper Street', 'Camden High Street', 'Northcote Road', 'Portobello Road'],
    format: 'number-first',
  },
  {
    name: 'Manchester',
    country: 'GB',
    lat: 53.4808,
    lng: -2.2426,
    phonePrefix: '+44 161 496',
    phoneGroups: [4],
    streets: ['Deansgate', 'Oldham Street', 'Wilmslow Road'],
    format: 'number-first',
  },
  {
    name: 'Edinburgh',
    country: 'GB',
    lat: 55.9533,
    lng: -3.1883,
    phonePrefix: '+44 131 496',
    phoneGroups: [4],
    streets: ['Leith Walk', 'Great Junction Street', 'Bruntsfield Place'],
    format: 'number-first',
  },
  {
    name: 'Bristol',
    country: 'GB',
    lat: 51.4545,
    lng: -2.5879,
    phonePrefix: '+44 117 496',
    phoneGroups: [4],
    streets: ['Gloucester Road', 'Whiteladies Road', 'North Street'],
    format: 'number-first',
  },
  {
    name: 'Madrid',
    country: 'ES',
    lat: 40.4168,
    lng: -3.7038,
    phonePrefix: '+34 91',
    phoneGroups: [3, 2, 2],
    streets: ['Calle de Alcalá', 'Calle de Fuencarral', 'Paseo de la Castellana', 'Calle de Serrano'],
    format: 'comma-number',
  },
  {
    name: 'Barcelona',
    country: 'ES',
    lat: 41.3874,
    lng: 2.1686,
    phonePrefix: '+34 93',
    phoneGroups: [3, 2, 2],
    streets: ['Carrer de Mallorca', 'Passeig de Gràcia', 'Carrer de Sants', 'Carrer de Provença'],
    format: 'comma-number',
  },
  {
    name: 'Valencia',
    country: 'ES',
    lat: 39.4699,
    lng: -0.3763,
    phonePrefix: '+34 96',
    phoneGroups: [3, 2, 2],
    streets: ['Carrer de Colón', 'Avinguda del Port', 'Carrer de Russafa'],
    format: 'comma-number',
  },
  {
    name: 'Seville',
    country: 'ES',
    lat: 37.3891,
    lng: -5.9845,
    phonePrefix: '+34 95',
    phoneGroups: [3, 2, 2],
    streets: ['Calle Sierpes', 'Avenida de la Constitución', 'Calle Feria'],
    format: 'comma-number',
  },
  {
    name: 'Lisbon',
    country: 'PT',
    lat: 38.7223,
    lng: -9.1393,
    phonePrefix: '+351 21',
    phoneGroups: [3, 4],
    streets: ['Rua Augusta', 'Avenida da Liberdade', 'Rua do Alecrim', 'Avenida Almirante Reis'],
    format: 'number-last',
  },
  {
    name: 'Porto',
    country: 'PT',
    lat: 41.1579,
    lng: -8.6291,
    phonePrefix: '+351 22',
    phoneGroups: [3, 4],
    streets: ['Rua de Santa Catarina', 'Avenida dos Aliados', 'Rua de Cedofeita'],
    format: 'number-last',
  },
  {
    name: 'Faro',
    country: 'PT',
    lat: 37.0194,
    lng: -7.9322,
    phonePrefix: '+351 289',
    phoneGroups: [3, 3],
    streets: ['Rua de Santo António', 'Avenida 5 de Outubro', 'Rua Conselheiro Bivar'],
    format: 'number-last',
  },
  {
    name: 'Coimbra',
    country: 'PT',
    lat: 40.2033,
    lng: -8.4103,
    phonePrefix: '+351 239',
    phoneGroups: [3, 3],
    streets: ['Rua Ferreira Borges', 'Avenida Sá da Bandeira', 'Rua da Sofia'],
    format: 'number-last',
  },
  {
    name: 'Dubai',
    country: 'AE',
    lat: 25.2048,
    lng: 55.2708,
    phonePrefix: '+971 4',
    phoneGroups: [3, 4],
    streets: ['Sheikh Zayed Road', 'Al Wasl Road', 'Jumeirah Beach Road', 'Al Khail Road'],
    format: 'comma-number',
  },
  {
    name: 'Abu Dhabi',
    country: 'AE',
    lat: 24.4539,
    lng: 54.3773,
    phonePrefix: '+971 2',
    phoneGroups: [3, 4],
    streets: ['Corniche Road', 'Hamdan Bin Mohammed Street', 'Al Khaleej Al Arabi Street'],
    format: 'comma-number',
  },
  {
    name: 'Sharjah',
    country: 'AE',
    lat: 25.3463,
    lng: 55.4209,
    phonePrefix: '+971 6',
    phoneGroups: [3, 4],
    streets: ['Al Wahda Street', 'King Faisal Street', 'Al Qasba Canal Walk'],
    format: 'comma-number',
  },
  {
    name: 'Mexico City',
    country: 'MX',
    lat: 19.4326,
    lng: -99.1332,
    phonePrefix: '+52 55',
    phoneGroups: [4, 4],
    streets: ['Avenida Paseo de la Reforma', 'Avenida Álvaro Obregón', 'Calle Ámsterdam', 'Avenida Insurgentes Sur'],
    format: 'number-last',
  },
  {
    name: 'Guadalajara',
    country: 'MX',
    lat: 20.6597,
    lng: -103.3496,
    phonePrefix: '+52 33',
    phoneGroups: [4, 4],
    streets: ['Avenida Chapultepec', 'Avenida Vallarta', 'Calle López Cotilla'],
    format: 'number-last',
  },
  {
    name: 'Monterrey',
    country: 'MX',
    lat: 25.6866,
    lng: -100.3161,
    phonePrefix: '+52 81',
    phoneGroups: [4, 4],
    streets: ['Avenida Constitución', 'Calzada del Valle', 'Avenida Morones Prieto'],
    format: 'number-last',
  },
  {
    name: 'Cancún',
    country: 'MX',
    lat: 21.1619,
    lng: -86.8515,
    phonePrefix: '+52 998',
    phoneGroups: [3, 4],
    streets: ['Avenida Tulum', 'Boulevard Kukulcán', 'Avenida Nichupté'],
    format: 'number-last',
  },
  {
    name: 'Berlin',
    country: 'DE',
    lat: 52.52,
    lng: 13.405,
    phonePrefix: '+49 30',
    phoneGroups: [4, 4],
    streets: ['Friedrichstraße', 'Kastanienallee', 'Bergmannstraße', 'Schönhauser Allee'],
    format: 'number-last',
  },
  {
    name: 'Munich',
    country: 'DE',
    lat: 48.1351,
    lng: 11.582,
    phonePrefix: '+49 89',
    phoneGroups: [4, 4],
    streets: ['Leopoldstraße', 'Sendlinger Straße', 'Rosenheimer Straße'],
    format: 'number-last',
  },
  {
    name: 'Hamburg',
    country: 'DE',
    lat: 53.5511,
    lng: 9.9937,
    phonePrefix: '+49 40',
    phoneGroups: [4, 4],
    streets: ['Mönckebergstraße', 'Eppendorfer Weg', 'Schanzenstraße'],
    format: 'number-last',
  },
  {
    name: 'Cologne',
    country: 'DE',
    lat: 50.9375,
    lng: 6.9603,
    phonePrefix: '+49 221',
    phoneGroups: [4, 4],
    streets: ['Ehrenstraße', 'Venloer Straße', 'Aachener Straße'],
    format: 'number-last',
  },
  {
    name: 'Paris',
    country: 'FR',
    lat: 48.8566,
    lng: 2.3522,
    phonePrefix: '+33 1',
    phoneGroups: [2, 2, 2, 2],
    streets: ['Rue de Rivoli', 'Boulevard Saint-Germain', 'Rue Oberkampf', 'Avenue de Clichy'],
    format: 'number-first',
  },
  {
    name: 'Lyon',
    country: 'FR',
    lat: 45.764,
    lng: 4.8357,
    phonePrefix: '+33 4',
    phoneGroups: [2, 2, 2, 2],
    streets: ['Rue de la République', 'Cours Vitton', 'Rue Paul Bert'],
    format: 'number-first',
  },
  {
    name: 'Marseille',
    country: 'FR',
    lat: 43.2965,
    lng: 5.3698,
    phonePrefix: '+33 4',
    phoneGroups: [2, 2, 2, 2],
    streets: ['La Canebière', 'Rue Paradis', 'Boulevard Baille'],
    format: 'number-first',
  },
  {
    name: 'Bordeaux',
    country: 'FR',
    lat: 44.8378,
    lng: -0.5792,
    phonePrefix: '+33 5',
    phoneGroups: [2, 2, 2, 2],
    streets: ['Rue Sainte-Catherine', "Cours de l'Intendance", 'Quai des Chartrons'],
    format: 'number-first',
  },
];

export const PROVIDER_COUNTRIES = ['US', 'GB', 'ES', 'PT', 'AE', 'MX', 'DE', 'FR'] as const;

export function citiesOf(country: string): City[] {
  return CITIES.filter((c) => c.country === country);
}

export function cityNamed(name: string): City {
  const city = CITIES.find((c) => c.name === name);
  if (!city) throw new Error(`unknown city ${name}`);
  return city;
}

export function phoneIn(city: City, random: Random): string {
  return [city.phonePrefix, ...city.phoneGroups.map((n) => random.digits(n))].join(' ');
}

export function addressIn(city: City, random: Random): string {
  const street = random.pick(city.streets);
  const number = random.int(1, 240);
  if (city.format === 'number-first') return `${number} ${street}`;
  if (city.format === 'comma-number') return `${street}, ${number}`;
  return `${street} ${number}`;
}

/** A point near the city centre: up to about `km` kilometres away. */
export function pointNear(city: City, random: Random, km = 3): { latitude: number; longitude: number } {
  const dLat = km / 111;
  const dLng = km / (111 * Math.cos((city.lat * Math.PI) / 180));
  return {
    latitude: Math.round((city.lat + random.jitter(dLat)) * 1e6) / 1e6,
    longitude: Math.round((city.lng + random.jitter(dLng)) * 1e6) / 1e6,
  };
}

/** Given and family names that fit each country. */
const PEOPLE: Record<string, { first: string[]; last: string[] }> = {
  US: {
    first: ['Emily', 'Jacob', 'Olivia', 'Ethan', 'Madison', 'Tyler', 'Hannah', 'Marcus', 'Chloe', 'Brandon'],
    last: ['Johnson', 'Miller', 'Davis', 'Brooks', 'Parker', 'Reed', 'Hayes', 'Foster', 'Bennett', 'Coleman'],
  },
  GB: {
    first: ['Oliver', 'Amelia', 'Harry', 'Isla', 'George', 'Poppy', 'Jack', 'Freya', 'Alfie', 'Imogen'],
    last: ['Clarke', 'Hughes', 'Wright', 'Walker', 'Evans', 'Turner', 'Shaw', 'Holmes', 'Price', 'Fletcher'],
  },
  ES: {
    first: ['Lucía', 'Javier', 'Carmen', 'Pablo', 'Elena', 'Sergio', 'Marta', 'Diego', 'Paula', 'Álvaro'],
    last: ['García', 'Martínez', 'López', 'Sánchez', 'Romero', 'Navarro', 'Torres', 'Ruiz', 'Molina', 'Ortega'],
  },
  PT: {
    first: ['Inês', 'Tiago', 'Beatriz', 'Rui', 'Mariana', 'Duarte', 'Catarina', 'Gonçalo', 'Leonor', 'Miguel'],
    last: ['Silva', 'Costa', 'Ferreira', 'Rodrigues', 'Almeida', 'Carvalho', 'Sousa', 'Pinto', 'Lopes', 'Marques'],
  },
  AE: {
    first: ['Omar', 'Fatima', 'Khalid', 'Mariam', 'Rashid', 'Aisha', 'Hamdan', 'Noura', 'Saeed', 'Layla'],
    last: [
      'Al Mansoori',
      'Al Hashimi',
      'Al Suwaidi',
      'Al Falasi',
      'Al Nuaimi',
      'Al Zaabi',
      'Al Qasimi',
      'Al Mazrouei',
      'Haddad',
      'Khoury',
    ],
  },
  MX: {
    first: ['Valeria', 'Diego', 'Ximena', 'Santiago', 'Camila', 'Mateo', 'Renata', 'Emiliano', 'Fernanda', 'Rodrigo'],
    last: [
      'Hernández',
      'González',
      'Ramírez',
      'Flores',
      'Morales',
      'Castillo',
      'Vargas',
      'Mendoza',
      'Reyes',
      'Jiménez',
    ],
  },
  DE: {
    first: ['Lukas', 'Lena', 'Felix', 'Hannah', 'Jonas', 'Mia', 'Paul', 'Lea', 'Maximilian', 'Emma'],
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Hoffmann', 'Wagner', 'Koch', 'Richter'],
  },
  FR: {
    first: ['Camille', 'Louis', 'Chloé', 'Hugo', 'Manon', 'Lucas', 'Léa', 'Jules', 'Inès', 'Arthur'],
    last: ['Martin', 'Bernard', 'Dubois', 'Laurent', 'Moreau', 'Lefèvre', 'Girard', 'Bonnet', 'Fontaine', 'Rousseau'],
  },
};

export function personIn(country: string, random: Random): { first: string; last: string } {
  const people = PEOPLE[country];
  return { first: random.pick(people.first), last: random.pick(people.last) };
}
