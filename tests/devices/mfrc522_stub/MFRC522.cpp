// See MFRC522.h: the calls the bridge firmware makes, over SPI as the library makes them.
#include "MFRC522.h"

static const SPISettings MFRC522_SPI(4000000u, MSBFIRST, SPI_MODE0);
static const byte SOFT_RESET = 0x0F;

MFRC522::MFRC522(byte chipSelectPin, byte resetPowerDownPin) : _chipSelectPin(chipSelectPin) {
  (void)resetPowerDownPin;  // the firmware passes UNUSED_PIN: a soft reset only
  uid.size = 0;
}

void MFRC522::PCD_WriteRegister(PCD_Register reg, byte value) {
  SPI.beginTransaction(MFRC522_SPI);
  digitalWrite(_chipSelectPin, LOW);
  SPI.transfer(reg);
  SPI.transfer(value);
  digitalWrite(_chipSelectPin, HIGH);
  SPI.endTransaction();
}

byte MFRC522::PCD_ReadRegister(PCD_Register reg) {
  SPI.beginTransaction(MFRC522_SPI);
  digitalWrite(_chipSelectPin, LOW);
  SPI.transfer(0x80 | reg);
  byte value = SPI.transfer(0);
  digitalWrite(_chipSelectPin, HIGH);
  SPI.endTransaction();
  return value;
}

void MFRC522::PCD_Init() {
  pinMode(_chipSelectPin, OUTPUT);
  digitalWrite(_chipSelectPin, HIGH);
  PCD_WriteRegister(CommandReg, SOFT_RESET);
  delay(50);
  PCD_WriteRegister(TModeReg, 0x80);  // the library's timer and antenna settings
  PCD_WriteRegister(TPrescalerReg, 0xA9);
  PCD_WriteRegister(TReloadRegH, 0x03);
  PCD_WriteRegister(TReloadRegL, 0xE8);
  PCD_WriteRegister(TxASKReg, 0x40);
  PCD_WriteRegister(ModeReg, 0x3D);
  PCD_WriteRegister(TxControlReg, PCD_ReadRegister(TxControlReg) | 0x03);
}

MFRC522::StatusCode MFRC522::PICC_WakeupA(byte *bufferATQA, byte *bufferSize) {
  (void)bufferATQA;
  (void)bufferSize;
  return STATUS_TIMEOUT;  // no radio: no card answers
}

bool MFRC522::PICC_ReadCardSerial() {
  return false;
}

MFRC522::StatusCode MFRC522::PICC_HaltA() {
  return STATUS_OK;
}
