// A stand-in for the MFRC522 Arduino library (miguelbalboa/rfid 1.4.x), which no package
// registry here carries: only the calls companion_bridge.ino makes, with the same names and
// types, so the firmware builds and runs in simavr in CI. Register access goes over SPI as
// the library does it (so a bus with no chip reads as no chip); there is no radio, so no
// card ever answers. Not for a real board: flash the firmware built with the library.
#ifndef MFRC522_h
#define MFRC522_h

#include <Arduino.h>
#include <SPI.h>

class MFRC522 {
 public:
  static constexpr byte UNUSED_PIN = UINT8_MAX;

  // the library's register addresses are shifted left by one, ready for the SPI address byte
  enum PCD_Register : byte {
    CommandReg = 0x01 << 1,
    TxControlReg = 0x14 << 1,
    TxASKReg = 0x15 << 1,
    ModeReg = 0x11 << 1,
    TModeReg = 0x2A << 1,
    TPrescalerReg = 0x2B << 1,
    TReloadRegH = 0x2C << 1,
    TReloadRegL = 0x2D << 1,
    VersionReg = 0x37 << 1,
  };

  enum StatusCode : byte {
    STATUS_OK,
    STATUS_ERROR,
    STATUS_COLLISION,
    STATUS_TIMEOUT,
    STATUS_NO_ROOM,
    STATUS_INTERNAL_ERROR,
    STATUS_INVALID,
    STATUS_CRC_WRONG,
    STATUS_MIFARE_NACK = 0xff
  };

  typedef struct {
    byte size;
    byte uidByte[10];
    byte sak;
  } Uid;

  Uid uid;

  MFRC522(byte chipSelectPin, byte resetPowerDownPin);
  void PCD_Init();
  byte PCD_ReadRegister(PCD_Register reg);
  void PCD_WriteRegister(PCD_Register reg, byte value);
  StatusCode PICC_WakeupA(byte *bufferATQA, byte *bufferSize);
  bool PICC_ReadCardSerial();
  StatusCode PICC_HaltA();

 private:
  byte _chipSelectPin;
};

#endif
