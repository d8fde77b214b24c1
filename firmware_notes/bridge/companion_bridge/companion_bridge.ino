// Companion NFC bridge: MFRC522 readers on SPI, reported over USB serial.
//
// Speaks the line protocol in firmware_notes/bridge-protocol.md (version 2).
// Library: "MFRC522" by GithubCommunity (miguelbalboa/rfid) 1.4.x, from the Arduino
// library manager (build-nano finds it there, or in MFRC522_DIR). Boards: Arduino
// Nano / Uno / Pro Micro, or a Raspberry Pi Pico with the arduino-pico core. Wiring and
// reader ids: edit READERS below and see README.md.

#include <SPI.h>
#include <MFRC522.h>

static const char FIRMWARE[] = "2.0.0";
static const uint8_t PROTOCOL = 2;

// One entry per MFRC522: the id the companion sees, and the chip-select (SDA/SS) pin.
// All readers share SCK, MOSI, MISO and the reset pin. The reset line is this sketch's:
// pulsed once at power-on, then driven high as an output for good. The library is told
// there is none (UNUSED_PIN), because its PCD_Init turns the pin into an input and pulses
// it, which would reset every other reader on the line whenever one is re-initialised.
struct ReaderPins {
  const char *id;
  uint8_t ssPin;
};
static const ReaderPins READERS[] = {
  {"seat1", 10},
  {"seat2", 8},
  {"vault", 7},
};
static const uint8_t READER_COUNT = sizeof(READERS) / sizeof(READERS[0]);
static const uint8_t RST_PIN = 9;

static const uint8_t MISSES_BEFORE_GONE = 3;  // empty polls before a tag counts as removed
static const unsigned long POLL_MS = 60;
static const unsigned long HEARTBEAT_MS = 1000;
static const unsigned long HEALTH_MS = 2000;

struct ReaderState {
  MFRC522 *chip;
  byte uid[10];
  byte uidSize;     // 0: no tag
  uint8_t misses;
  bool healthy;
};
static ReaderState state[READER_COUNT];

static char input[64];
static uint8_t inputLength = 0;
static unsigned long heartbeatSequence = 0;
static unsigned long lastHeartbeat = 0;
static unsigned long lastPoll = 0;
static unsigned long lastHealth = 0;

// ---- output -------------------------------------------------------------------------

// CRC-8/AUTOSAR: polynomial 0x2F, initial 0xFF, final XOR 0xFF ("123456789" -> 0xDF).
static uint8_t checksum(const char *text, size_t length) {
  uint8_t crc = 0xFF;
  for (size_t i = 0; i < length; i++) {
    crc ^= (uint8_t)text[i];
    for (uint8_t bit = 0; bit < 8; bit++) {
      crc = (crc & 0x80) ? (uint8_t)((crc << 1) ^ 0x2F) : (uint8_t)(crc << 1);
    }
  }
  return crc ^ 0xFF;
}

static void sendLine(const char *text) {
  uint8_t value = checksum(text, strlen(text));
  Serial.print(text);
  Serial.print('*');
  if (value < 0x10) Serial.print('0');
  Serial.print(value, HEX);  // Arduino prints hex digits in upper case
  Serial.print('\n');
}

static void uidToHex(const byte *uid, byte size, char *out) {
  static const char DIGITS[] = "0123456789ABCDEF";
  for (byte i = 0; i < size; i++) {
    out[2 * i] = DIGITS[uid[i] >> 4];
    out[2 * i + 1] = DIGITS[uid[i] & 0x0F];
  }
  out[2 * size] = '\0';
}

static void sendTag(const char *verb, uint8_t reader) {
  char hex[21];
  char line[48];
  uidToHex(state[reader].uid, state[reader].uidSize, hex);
  snprintf(line, sizeof(line), "%s %s %s", verb, READERS[reader].id, hex);
  sendLine(line);
}

static void sendHello() {
  char line[160];
  int used = snprintf(line, sizeof(line), "HELLO %u %s ", PROTOCOL, FIRMWARE);
  for (uint8_t i = 0; i < READER_COUNT && used < (int)sizeof(line) - 20; i++) {
    used += snprintf(line + used, sizeof(line) - used, i ? ",%s" : "%s", READERS[i].id);
  }
  sendLine(line);
}

// ---- readers ------------------------------------------------------------------------

static bool chipAnswers(MFRC522 *chip) {
  byte version = chip->PCD_ReadRegister(MFRC522::VersionReg);
  return version != 0x00 && version != 0xFF;
}

static void sendFault(uint8_t reader) {
  char line[48];
  snprintf(line, sizeof(line), "ERR %s no MFRC522 answers", READERS[reader].id);
  sendLine(line);
}

// After every HELLO: what a (re)connecting host must know, faults first, then tags.
static void sendState() {
  for (uint8_t i = 0; i < READER_COUNT; i++) {
    if (!state[i].healthy) sendFault(i);
  }
  for (uint8_t i = 0; i < READER_COUNT; i++) {
    if (state[i].uidSize != 0) {
      sendTag("TAG", i);
      sendTag("TAG", i);  // the host counts a tag after two matching lines
    }
  }
}

static void checkHealth(uint8_t reader) {
  bool healthy = chipAnswers(state[reader].chip);
  if (!healthy && state[reader].healthy) sendFault(reader);
  if (healthy && !state[reader].healthy) state[reader].chip->PCD_Init();  // soft reset only
  state[reader].healthy = healthy;
}

// WUPA (not REQA) also wakes a tag halted by the previous poll, so a tag that stays on
// the reader is seen on every poll; halting it afterwards keeps the next poll clean.
static bool readUid(MFRC522 *chip, byte *uid, byte *size) {
  byte atqa[2];
  byte atqaSize = sizeof(atqa);
  MFRC522::StatusCode status = chip->PICC_WakeupA(atqa, &atqaSize);
  if (status != MFRC522::STATUS_OK && status != MFRC522::STATUS_COLLISION) return false;
  if (!chip->PICC_ReadCardSerial()) return false;
  *size = chip->uid.size;
  memcpy(uid, chip->uid.uidByte, chip->uid.size);
  chip->PICC_HaltA();
  return true;
}

static void pollReader(uint8_t reader) {
  ReaderState &s = state[reader];
  if (!s.healthy) return;
  byte uid[10];
  byte size = 0;
  bool seen = readUid(s.chip, uid, &size);
  if (seen && s.uidSize == size && memcmp(uid, s.uid, size) == 0) {
    s.misses = 0;
    return;  // the same tag is still there: nothing to say
  }
  if (s.uidSize != 0 && (seen || ++s.misses >= MISSES_BEFORE_GONE)) {
    sendTag("GONE", reader);  // a different tag replaced it, or it has really left
    s.uidSize = 0;
    s.misses = 0;
  }
  if (seen && s.uidSize == 0) {
    memcpy(s.uid, uid, size);
    s.uidSize = size;
    s.misses = 0;
    sendTag("TAG", reader);
    sendTag("TAG", reader);  // twice: the host counts a tag after two matching lines
  }
}

// ---- host commands ------------------------------------------------------------------

static void handleLine(char *line) {
  size_t length = strlen(line);
  if (length > 0 && line[length - 1] == '\r') line[--length] = '\0';
  char *star = strrchr(line, '*');
  if (star == NULL || strlen(star + 1) != 2) return;
  uint8_t given = (uint8_t)strtoul(star + 1, NULL, 16);
  if (given != checksum(line, star - line)) return;
  *star = '\0';
  if (strcmp(line, "VERSION") == 0) {
    sendHello();
    sendState();
  }
}

static void readHost() {
  while (Serial.available() > 0) {
    char c = (char)Serial.read();
    if (c == '\n') {
      input[inputLength] = '\0';
      handleLine(input);
      inputLength = 0;
    } else if (inputLength < sizeof(input) - 1) {
      input[inputLength++] = c;
    } else {
      inputLength = 0;  // overlong: drop it
    }
  }
}

// ---- main ---------------------------------------------------------------------------

void setup() {
  Serial.begin(115200);
  SPI.begin();
  for (uint8_t i = 0; i < READER_COUNT; i++) {
    pinMode(READERS[i].ssPin, OUTPUT);
    digitalWrite(READERS[i].ssPin, HIGH);  // deselect every reader before talking to any
  }
  pinMode(RST_PIN, OUTPUT);  // one hard reset of all readers, then held high for good
  digitalWrite(RST_PIN, LOW);
  delayMicroseconds(10);
  digitalWrite(RST_PIN, HIGH);
  delay(50);  // oscillator start-up (datasheet 8.8.2)
  for (uint8_t i = 0; i < READER_COUNT; i++) {
    state[i].chip = new MFRC522(READERS[i].ssPin, MFRC522::UNUSED_PIN);
    state[i].chip->PCD_Init();
    state[i].uidSize = 0;
    state[i].misses = 0;
    state[i].healthy = chipAnswers(state[i].chip);
  }
  sendHello();
  sendState();  // a reader dead at power-on is reported after HELLO, where the host sees it
}

void loop() {
  unsigned long now = millis();
  readHost();
  if (now - lastPoll >= POLL_MS) {
    lastPoll = now;
    for (uint8_t i = 0; i < READER_COUNT; i++) pollReader(i);
  }
  if (now - lastHealth >= HEALTH_MS) {
    lastHealth = now;
    for (uint8_t i = 0; i < READER_COUNT; i++) checkHealth(i);
  }
  if (now - lastHeartbeat >= HEARTBEAT_MS) {
    lastHeartbeat = now;
    char line[24];
    snprintf(line, sizeof(line), "HB %lu", ++heartbeatSequence);
    sendLine(line);
    for (uint8_t i = 0; i < READER_COUNT; i++) {
      if (state[i].uidSize != 0) sendTag("TAG", i);  // lets the host notice a lost GONE
    }
  }
}
